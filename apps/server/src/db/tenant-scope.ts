import { ALL_ORGANISATIONS, type OrgScope } from '../platform/access/actor.ts';
import type { Database, Db } from './database.types.ts';
import { TenantGuardPlugin } from './tenant-guard.ts';

/**
 * Queries of organisation-scoped tables (docs/security.md, "Tenant isolation"). `scoped(db, organisationId)`
 * starts a select, update or delete of a tenant table with `where <table>.organisation_id = organisationId`
 * already in it, and answers Kysely's own builder, so callers chain as usual (also on a transaction).
 * `crossTenant(db, reason)` is the one way around the tenant guard (db/tenant-guard.ts) for the queries that
 * are global on purpose; its reason says why, and `grep -rn crossTenant` lists them all.
 */

/** The tables with an `organisation_id` column, from the `Database` type (the guard reads the same from the schema). */
export type TenantTable = {
  [T in keyof Database & string]: 'organisation_id' extends keyof Database[T] ? T : never;
}[keyof Database & string];

/** A tenant table, optionally aliased: `'cases'` or `'cases as c'`. */
export type TenantTableExpression = TenantTable | `${TenantTable} as ${string}`;

// Kysely's own answer types for one table expression (a type-only instance: nothing exists at run time).
declare const _kysely: Db;
export type ScopedSelect<TE extends TenantTableExpression> = ReturnType<typeof _kysely.selectFrom<TE>>;
export type ScopedUpdate<TE extends TenantTableExpression> = ReturnType<typeof _kysely.updateTable<TE>>;
export type ScopedDelete<TE extends TenantTableExpression> = ReturnType<typeof _kysely.deleteFrom<TE>>;

export interface TenantScope {
  selectFrom<TE extends TenantTableExpression>(from: TE): ScopedSelect<TE>;
  updateTable<TE extends TenantTableExpression>(table: TE): ScopedUpdate<TE>;
  deleteFrom<TE extends TenantTableExpression>(from: TE): ScopedDelete<TE>;
}

/** What every builder shares: a WHERE taking a column, an operator and a value (typed by the callers). */
interface Filterable {
  where(column: string, operator: '=', value: number): unknown;
}

const ORGANISATION = 'organisation_id';

function aliasOf(table: string): string {
  const at = table.indexOf(' as ');
  return at < 0 ? table : table.slice(at + 4).trim();
}

/**
 * Queries of one organisation's rows: `scoped(db, actor.organisationId).selectFrom('cases as c')…`.
 * `ALL_ORGANISATIONS` (a service answers it only to the provider-side super user, after
 * `can(actor, 'organisations.any_organisation.access')`: `readScope`) adds no predicate: the query spans every
 * organisation on purpose and runs as a cross-tenant one.
 */
export function scoped(db: Db, scope: OrgScope): TenantScope {
  if (scope === ALL_ORGANISATIONS) {
    const every = crossTenant(db, 'the super user: every organisation (ALL_ORGANISATIONS)');
    return {
      selectFrom: (from) => every.selectFrom(from) as never,
      updateTable: (table) => every.updateTable(table) as never,
      deleteFrom: (from) => every.deleteFrom(from) as never,
    };
  }
  const narrow = <B>(builder: B, table: string): B =>
    (builder as Filterable).where(`${aliasOf(table)}.${ORGANISATION}`, '=', scope) as B;
  return {
    selectFrom: (from) => narrow(db.selectFrom(from), from) as never,
    updateTable: (table) => narrow(db.updateTable(table), table) as never,
    deleteFrom: (from) => narrow(db.deleteFrom(from), from) as never,
  };
}

const unguardedOf = new WeakMap<Db, Db>();

/**
 * `db` (or the transaction) without the tenant guard, for a query that spans organisations on purpose:
 * sign-in by email, a session by its token, the job runner, housekeeping, the super user's installation
 * screens. `reason` says which; it is read by people (grep), not by code.
 */
export function crossTenant(db: Db, reason: string): Db {
  if (!reason) throw new Error('crossTenant: give the reason the query spans organisations');
  let unguarded = unguardedOf.get(db);
  if (!unguarded) {
    const plugins = db.getExecutor().plugins;
    if (!plugins.some((plugin) => plugin instanceof TenantGuardPlugin)) return db;
    unguarded = plugins
      .filter((plugin) => !(plugin instanceof TenantGuardPlugin))
      .reduce<Db>((kysely, plugin) => kysely.withPlugin(plugin), db.withoutPlugins());
    unguardedOf.set(db, unguarded);
  }
  return unguarded;
}
