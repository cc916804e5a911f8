import {
  createQueryId,
  sql,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from './database.types.ts';
import { dialectOf } from './dialect.ts';

/**
 * The tenant guard (docs/security.md, "Tenant isolation"): a Kysely plugin that refuses, before it runs, a
 * query that reads, changes or deletes the rows of an organisation-scoped table (one with an
 * `organisation_id` column) without naming that column in its WHERE. Repos scope with `scoped(db, id)`;
 * the few legitimately global queries say why with `crossTenant(db, reason)` (db/tenant-scope.ts), which
 * runs them on a connection without this plugin.
 *
 * Checked: every table in the FROM of a select (and of its CTEs, unions and derived tables), the table of an
 * update or delete, the select of an `insert … select`, and joined tenant tables (their ON or the WHERE must
 * name their organisation_id, or the ON must tie them to another table of the query, as a foreign-key join
 * to a scoped row does). Subqueries inside the WHERE are filters: the outer table needs its own predicate.
 * A raw statement (sql`…`.execute) is checked by its text. A reference, not a comparison, is what counts:
 * the guard catches a forgotten scope, it does not prove the value is the caller's organisation.
 */
const COLUMN = 'organisation_id';

export class UnscopedQueryError extends Error {
  override name = 'UnscopedQueryError';
}

interface TableUse {
  table: string;
  /** The name the query refers to it by: its alias, else its name. */
  alias: string;
}

type Node = OperationNode & Record<string, unknown>;

/** Qualifiers of the organisation_id references in `node` ('' for an unqualified one), nested selects aside. */
function organisationRefs(node: unknown, out: Set<string>): Set<string> {
  if (node === null || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const item of node) organisationRefs(item, out);
    return out;
  }
  const current = node as Node;
  switch (current.kind) {
    case 'SelectQueryNode':
    case 'ValueNode':
    case 'PrimitiveValueListNode':
      return out;
    case 'ReferenceNode': {
      const { column, table } = current as unknown as {
        column: Node;
        table?: { table: { identifier: { name: string } } };
      };
      if (column.kind === 'ColumnNode' && columnName(column) === COLUMN) out.add(table?.table.identifier.name ?? '');
      return out;
    }
    case 'ColumnNode':
      if (columnName(current) === COLUMN) out.add('');
      return out;
    case 'RawNode':
      for (const fragment of current.sqlFragments as string[]) rawOrganisationRefs(fragment, out);
      break;
  }
  for (const key in current) {
    if (key !== 'kind') organisationRefs(current[key], out);
  }
  return out;
}

function columnName(column: Node): string {
  return (column.column as { name: string }).name;
}

const RAW_REFERENCE = /(?:"?(\w+)"?\s*\.\s*)?"?\borganisation_id\b"?/g;

function rawOrganisationRefs(text: string, out: Set<string>): void {
  for (const match of text.matchAll(RAW_REFERENCE)) out.add(match[1] ?? '');
}

/** Every table qualifier a node references (to tell a join tied to the query's other tables). */
function qualifiers(node: unknown, out: Set<string>): Set<string> {
  if (node === null || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const item of node) qualifiers(item, out);
    return out;
  }
  const current = node as Node;
  if (current.kind === 'ValueNode' || current.kind === 'PrimitiveValueListNode') return out;
  if (current.kind === 'ReferenceNode') {
    const table = current.table as { table: { identifier: { name: string } } } | undefined;
    if (table) out.add(table.table.identifier.name);
    return out;
  }
  if (current.kind === 'RawNode') {
    for (const fragment of current.sqlFragments as string[])
      for (const match of fragment.matchAll(/"?(\w+)"?\s*\.\s*"?\w+/g)) out.add(match[1] ?? '');
  }
  for (const key in current) {
    if (key !== 'kind') qualifiers(current[key], out);
  }
  return out;
}

/**
 * Walks one query; answers a problem (which table, why) or null. Nested queries that produce rows (CTEs,
 * unions, derived tables, insert … select) are checked as queries of their own.
 */
function problemOf(node: Node, tenant: ReadonlySet<string>): string | null {
  switch (node.kind) {
    case 'SelectQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
      break;
    case 'InsertQueryNode': {
      const values = node.values as Node | undefined;
      return (
        nestedProblem(node.with, tenant) ?? (values?.kind === 'SelectQueryNode' ? problemOf(values, tenant) : null)
      );
    }
    case 'RawNode':
      return rawProblem(node, tenant);
    default:
      return null;
  }
  const nested = nestedProblem(node.with, tenant) ?? nestedProblem(node.setOperations, tenant);
  if (nested) return nested;

  const mains: Node[] = [];
  if (node.kind === 'UpdateQueryNode' && node.table) mains.push(node.table as Node);
  mains.push(...(((node.from as { froms?: Node[] } | undefined)?.froms ?? []) as Node[]));
  mains.push(...(((node.using as { tables?: Node[] } | undefined)?.tables ?? []) as Node[]));
  const joins = (node.joins ?? []) as { table: Node; on?: { on: Node } }[];

  const where = node.where as { where: Node } | undefined;
  const whereRefs = where ? organisationRefs(where.where, new Set()) : new Set<string>();
  const scopes = (refs: Set<string>, use: TableUse) => refs.has('') || refs.has(use.alias) || refs.has(use.table);

  const uses: TableUse[] = [];
  for (const main of mains) {
    const use = tableUse(main);
    if (!use) {
      const sub = derivedQuery(main);
      if (sub) {
        const problem = problemOf(sub, tenant);
        if (problem) return problem;
      }
      continue;
    }
    uses.push(use);
    if (tenant.has(use.table) && !scopes(whereRefs, use))
      return `table "${use.table}" is read, changed or deleted without ${COLUMN} in the WHERE`;
  }
  for (const join of joins) {
    const use = tableUse(join.table);
    if (!use) {
      const sub = derivedQuery(join.table);
      const problem = sub ? problemOf(sub, tenant) : null;
      if (problem) return problem;
      continue;
    }
    if (tenant.has(use.table)) {
      const on = join.on?.on;
      const onRefs = on ? organisationRefs(on, new Set()) : new Set<string>();
      const tied = on ? [...qualifiers(on, new Set())].some((q) => q !== use.alias && q !== use.table) : false;
      if (!scopes(whereRefs, use) && !scopes(onRefs, use) && !tied)
        return `joined table "${use.table}" is tied neither to ${COLUMN} nor to another table of the query`;
    }
    uses.push(use);
  }
  return null;
}

function nestedProblem(nodes: unknown, tenant: ReadonlySet<string>): string | null {
  if (!nodes) return null;
  const list = (Array.isArray(nodes) ? nodes : ((nodes as { expressions?: Node[] }).expressions ?? [])) as Node[];
  for (const item of list) {
    const query = item.expression as Node | undefined;
    const problem = query ? problemOf(query, tenant) : null;
    if (problem) return problem;
  }
  return null;
}

function tableUse(node: Node): TableUse | null {
  if (node.kind === 'TableNode') {
    const name = tableName(node);
    return { table: name, alias: name };
  }
  if (node.kind === 'AliasNode' && (node.node as Node).kind === 'TableNode') {
    const alias = node.alias as Node;
    return { table: tableName(node.node as Node), alias: (alias as { name?: string }).name ?? '' };
  }
  return null;
}

function tableName(node: Node): string {
  return (node.table as { identifier: { name: string } }).identifier.name;
}

function derivedQuery(node: Node): Node | null {
  const inner = node.kind === 'AliasNode' ? (node.node as Node) : node;
  return inner.kind === 'SelectQueryNode' ? inner : null;
}

const RAW_TABLE = /\b(?:from|join|update)\s+"?(\w+)"?/gi;
const RAW_SCOPE = /\bwhere\b[\s\S]*\borganisation_id\b/i;

/** A raw statement: its text with table names filled in; a tenant table and no organisation_id is refused. */
function rawProblem(node: Node, tenant: ReadonlySet<string>): string | null {
  const fragments = node.sqlFragments as string[];
  const parameters = node.parameters as Node[];
  let text = '';
  fragments.forEach((fragment, index) => {
    text += fragment;
    const parameter = parameters[index];
    if (parameter?.kind === 'TableNode') text += tableName(parameter);
    else if (parameter?.kind === 'RawNode') text += rawText(parameter);
    else if (parameter && organisationRefs(parameter, new Set()).size > 0) text += ` ${COLUMN} `;
    else if (parameter) text += ' ? ';
  });
  for (const match of text.matchAll(RAW_TABLE)) {
    const table = match[1] ?? '';
    if (tenant.has(table) && !RAW_SCOPE.test(text))
      return `raw statement on table "${table}" has no ${COLUMN} in a WHERE`;
  }
  return null;
}

function rawText(node: Node): string {
  const fragments = node.sqlFragments as string[];
  const parameters = node.parameters as Node[];
  return fragments
    .map((fragment, index) => {
      const parameter = parameters[index];
      if (parameter?.kind === 'TableNode') return fragment + tableName(parameter);
      if (parameter?.kind === 'RawNode') return fragment + rawText(parameter);
      if (parameter && organisationRefs(parameter, new Set()).size > 0) return `${fragment} ${COLUMN} `;
      return parameter ? `${fragment} ? ` : fragment;
    })
    .join('');
}

/** Refuses unscoped queries of the tenant tables it was given (read from the schema: `guardTenantTables`). */
export class TenantGuardPlugin implements KyselyPlugin {
  constructor(
    readonly tenantTables: ReadonlySet<string>,
    /** Compiles a refused query for the error message (the unguarded database). */
    private readonly unguarded: Db,
  ) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const problem = problemOf(node as unknown as Node, this.tenantTables);
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
