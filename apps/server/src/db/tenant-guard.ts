import {
  createQueryId,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from './database.types.ts';
import { dialectOf } from './dialect.ts';
import { problemOf } from './tenant-check.ts';

/**
 * The tenant guard (docs/security.md, "Tenant isolation"): a Kysely plugin that refuses, before it runs, a
 * query that reads, changes or deletes the rows of an organisation-scoped table (one with an
 * `organisation_id` column) without naming that column in its WHERE. Repos scope with `scoped(db, id)`;
 * the few legitimately global queries say why with `crossTenant(db, reason)` (db/tenant-scope.ts), which
 * runs them on a connection without this plugin.
 *
 * What counts as scoped is db/tenant-check.ts. The guard catches a forgotten scope; it does not prove that
 * the value compared is the caller's organisation (services take it from the Actor).
 */
const COLUMN = 'organisation_id';

export class UnscopedQueryError extends Error {
  override name = 'UnscopedQueryError';
}

/** Refuses unscoped queries of the tenant tables it was given (read from the schema: `guardTenantTables`). */
export class TenantGuardPlugin implements KyselyPlugin {
  constructor(
    readonly tenantTables: ReadonlySet<string>,
    /** Compiles a refused query for the error message (the unguarded database). */
    private readonly unguarded: Db,
  ) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const problem = problemOf(node, this.tenantTables);
    if (problem) throw new UnscopedQueryError(this.message(problem, node));
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }

  private message(problem: string, node: RootOperationNode): string {
    let text: string;
    try {
      text = this.unguarded.getExecutor().compileQuery(node, createQueryId()).sql;
    } catch {
      text = `(a ${node.kind})`;
    }
    return (
      `Unscoped query refused by the tenant guard: ${problem}. Scope it with scoped(db, organisationId) ` +
      `(db/tenant-scope.ts), or, if it is global on purpose, run it through crossTenant(db, reason). SQL: ${text}`
    );
  }
}

/** The tables with an organisation_id column, read from the live schema (the migrations are the truth). */
export async function tenantTablesOf(db: Db): Promise<Set<string>> {
  const { rows } =
    dialectOf({ db }) === 'sqlite'
      ? await sql<{ name: string }>`select m.name from sqlite_master m, pragma_table_info(m.name) c
          where m.type = 'table' and c.name = ${COLUMN}`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.columns
          where table_schema = current_schema() and column_name = ${COLUMN}`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/** Whether `db` runs the guard. */
export function isGuarded(db: Db): boolean {
  return db.getExecutor().plugins.some((plugin) => plugin instanceof TenantGuardPlugin);
}

/**
 * The database with the guard on, for the schema as it is now (call after the migrations: they run
 * unguarded, as they change every organisation's rows by design). Idempotent.
 */
export async function guardTenantTables(db: Db): Promise<Db> {
  if (isGuarded(db)) return db;
  return db.withPlugin(new TenantGuardPlugin(await tenantTablesOf(db), db));
}
