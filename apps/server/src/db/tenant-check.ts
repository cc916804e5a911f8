import type { OperationNode } from 'kysely';

/**
 * The tenant guard's inspection of one query's operation tree (db/tenant-guard.ts): answers what is wrong
 * with it, or null. It runs on every query the app builds, so it walks only the parts that decide — the
 * tables a statement reads or writes and the top-level conjuncts of its WHERE and its joins' ON — and
 * allocates nothing on the way.
 *
 * A table is scoped when a conjunct of the WHERE compares its `organisation_id` (`=` or `in`), or a raw
 * conjunct names it; `organisation_id = ? OR …` does not scope anything. A joined tenant table is also
 * accepted when its ON ties it to another table of the query (a join by foreign key to a scoped row).
 * Subqueries inside a WHERE are filters of the outer query and are not checked; CTEs, unions, derived tables
 * and the select of an `insert … select` produce rows, so they are checked as queries of their own.
 */
const COLUMN = 'organisation_id';

type Node = OperationNode & Record<string, unknown>;
type Tables = ReadonlySet<string>;

interface IdentifierHolder {
  table: { identifier: { name: string } };
}

/** The problem with `node` (a root query node), or null when every tenant table it touches is scoped. */
export function problemOf(node: OperationNode, tenant: Tables): string | null {
  const query = node as Node;
  switch (query.kind) {
    case 'SelectQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
      return statementProblem(query, tenant);
    case 'InsertQueryNode': {
      const values = query.values as Node | undefined;
      return (
        nestedProblem(query.with, tenant) ??
        (values?.kind === 'SelectQueryNode' ? statementProblem(values, tenant) : null)
      );
    }
    case 'RawNode':
      return rawProblem(query, tenant);
    default:
      return null;
  }
}

function statementProblem(query: Node, tenant: Tables): string | null {
  const nested = nestedProblem(query.with, tenant) ?? setOperationsProblem(query.setOperations, tenant);
  if (nested) return nested;
  const where = (query.where as { where: Node } | undefined)?.where;
  if (query.kind === 'UpdateQueryNode' && query.table) {
    const problem = mainProblem(query.table as Node, where, tenant);
    if (problem) return problem;
  }
  for (const from of ((query.from as { froms: Node[] } | undefined)?.froms ?? []) as Node[]) {
    const problem = mainProblem(from, where, tenant);
    if (problem) return problem;
  }
  for (const from of ((query.using as { tables: Node[] } | undefined)?.tables ?? []) as Node[]) {
    const problem = mainProblem(from, where, tenant);
    if (problem) return problem;
  }
  for (const join of (query.joins ?? []) as { table: Node; on?: { on: Node } }[]) {
    const problem = joinProblem(join.table, join.on?.on, where, tenant);
    if (problem) return problem;
  }
  return null;
}

/** A table the statement reads, changes or deletes: scoped by a conjunct of the WHERE. */
function mainProblem(from: Node, where: Node | undefined, tenant: Tables): string | null {
  const table = tableNameOf(from);
  if (table === null) return derivedProblem(from, tenant);
  if (!tenant.has(table)) return null;
  const alias = aliasOf(from, table);
  if (where && scopes(where, table, alias)) return null;
  return `table "${table}" is read, changed or deleted without ${COLUMN} in the WHERE`;
}

function joinProblem(joined: Node, on: Node | undefined, where: Node | undefined, tenant: Tables): string | null {
  const table = tableNameOf(joined);
  if (table === null) return derivedProblem(joined, tenant);
  if (!tenant.has(table)) return null;
  const alias = aliasOf(joined, table);
  if (on && (scopes(on, table, alias) || tiedToAnother(on, table, alias))) return null;
  if (where && scopes(where, table, alias)) return null;
  return `joined table "${table}" is tied neither to ${COLUMN} nor to another table of the query`;
}

/** Whether a top-level conjunct of `node` compares `organisation_id` of the table (or names it, raw). */
function scopes(node: Node, table: string, alias: string): boolean {
  switch (node.kind) {
    case 'AndNode':
      return scopes(node.left as Node, table, alias) || scopes(node.right as Node, table, alias);
    case 'ParensNode':
      return scopes(node.node as Node, table, alias);
    case 'BinaryOperationNode': {
      const operator = (node.operator as { operator: string }).operator;
      if (operator !== '=' && operator !== 'in') return false;
      return (
        isOrganisationOf(node.leftOperand as Node, table, alias) ||
        isOrganisationOf(node.rightOperand as Node, table, alias)
      );
    }
    case 'RawNode':
      return rawNamesOrganisation(node, table, alias);
    default:
      return false;
  }
}

function isOrganisationOf(operand: Node, table: string, alias: string): boolean {
  if (operand.kind === 'ReferenceNode') {
    const column = operand.column as Node;
    if (column.kind !== 'ColumnNode' || (column.column as { name: string }).name !== COLUMN) return false;
    const qualifier = (operand.table as IdentifierHolder | undefined)?.table.identifier.name;
    return qualifier === undefined || qualifier === alias || qualifier === table;
  }
  if (operand.kind === 'ColumnNode') return (operand.column as { name: string }).name === COLUMN;
  if (operand.kind === 'RawNode') return rawNamesOrganisation(operand, table, alias);
  return false;
}

const RAW_REFERENCE = /(?:"?(\w+)"?\s*\.\s*)?"?\borganisation_id\b/g;

/** A raw fragment (sql`…`, sql.ref) that names organisation_id, unqualified or of this table. */
function rawNamesOrganisation(raw: Node, table: string, alias: string): boolean {
  for (const fragment of raw.sqlFragments as string[]) {
    if (!fragment.includes(COLUMN)) continue;
    for (const match of fragment.matchAll(RAW_REFERENCE)) {
      const qualifier = match[1];
      if (qualifier === undefined || qualifier === alias || qualifier === table) return true;
    }
  }
  for (const parameter of raw.parameters as Node[]) {
    if (isOrganisationOf(parameter, table, alias)) return true;
  }
  return false;
}

/** Whether a conjunct of the ON compares a column of another table of the query (a join by key). */
function tiedToAnother(node: Node, table: string, alias: string): boolean {
  switch (node.kind) {
    case 'AndNode':
      return tiedToAnother(node.left as Node, table, alias) || tiedToAnother(node.right as Node, table, alias);
    case 'ParensNode':
      return tiedToAnother(node.node as Node, table, alias);
    case 'BinaryOperationNode':
      return (
        isOtherTable(node.leftOperand as Node, table, alias) || isOtherTable(node.rightOperand as Node, table, alias)
      );
    default:
      return false;
  }
}

function isOtherTable(operand: Node, table: string, alias: string): boolean {
  if (operand.kind !== 'ReferenceNode') return false;
  const qualifier = (operand.table as IdentifierHolder | undefined)?.table.identifier.name;
  return qualifier !== undefined && qualifier !== alias && qualifier !== table;
}

function tableNameOf(node: Node): string | null {
  if (node.kind === 'TableNode') return (node as unknown as IdentifierHolder).table.identifier.name;
  if (node.kind === 'AliasNode') {
    const inner = node.node as Node;
    if (inner.kind === 'TableNode') return (inner as unknown as IdentifierHolder).table.identifier.name;
  }
  return null;
}

function aliasOf(node: Node, table: string): string {
  return node.kind === 'AliasNode' ? ((node.alias as { name?: string }).name ?? table) : table;
}

/** A derived table (`(select …) as x`) produces rows: it is checked as a query of its own. */
function derivedProblem(node: Node, tenant: Tables): string | null {
  const inner = node.kind === 'AliasNode' ? (node.node as Node) : node;
  return inner.kind === 'SelectQueryNode' ? statementProblem(inner, tenant) : null;
}

function nestedProblem(withNode: unknown, tenant: Tables): string | null {
  for (const cte of ((withNode as { expressions?: Node[] } | undefined)?.expressions ?? []) as Node[]) {
    const problem = problemOf(cte.expression as Node, tenant);
    if (problem) return problem;
  }
  return null;
}

function setOperationsProblem(operations: unknown, tenant: Tables): string | null {
  for (const operation of (operations ?? []) as Node[]) {
    const problem = problemOf(operation.expression as Node, tenant);
    if (problem) return problem;
  }
  return null;
}

const RAW_TABLE = /\b(?:from|join|update)\s+"?(\w+)"?/gi;
const RAW_SCOPE = /\bwhere\b[\s\S]*\borganisation_id\b/i;

/** A raw statement: its text with table names filled in; a tenant table and no organisation_id in a WHERE. */
function rawProblem(node: Node, tenant: Tables): string | null {
  const text = rawText(node);
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
  let text = '';
  fragments.forEach((fragment, index) => {
    text += fragment;
    const parameter = parameters[index];
    if (!parameter) return;
    if (parameter.kind === 'TableNode') text += (parameter as unknown as IdentifierHolder).table.identifier.name;
    else if (parameter.kind === 'RawNode') text += rawText(parameter);
    else if (parameter.kind === 'ReferenceNode') text += ` ${referenceText(parameter)} `;
    else text += ' ? ';
  });
  return text;
}

function referenceText(reference: Node): string {
  const column = reference.column as Node;
  const name = column.kind === 'ColumnNode' ? (column.column as { name: string }).name : '*';
  const qualifier = (reference.table as IdentifierHolder | undefined)?.table.identifier.name;
  return qualifier === undefined ? name : `${qualifier}.${name}`;
}
