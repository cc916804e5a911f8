import type { CaseListQuery, CaseSortField, CaseStatus } from '@lexdesk/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import { likePattern } from '../../db/like.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { scoped } from '../../db/tenant-scope.ts';

export interface CaseRowData {
  id: number;
  title: string;
  client: string;
  status: string;
  description: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  documents_count: number;
}

function caseColumns(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('cases as c')
    .select([
      'c.id',
      'c.title',
      'c.client',
      'c.status',
      'c.description',
      'c.created_by',
      'c.created_at',
      'c.updated_at',
      (eb) =>
        eb
          .selectFrom('documents as d')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('d.case_id', '=', 'c.id')
          .as('documents_count'),
    ]);
}

const SORT_EXPRESSIONS: Record<CaseSortField, Expression<unknown>> = {
  title: sql`lower(c.title)`,
  client: sql`lower(c.client)`,
  parties: sql`coalesce((select lower(p.name) from case_parties p where p.case_id = c.id order by p.position limit 1), '')`,
  status: sql`c.status`,
  documents: sql`(select count(*) from documents d where d.case_id = c.id)`,
  updated: sql`c.updated_at`,
};

/** The list's filter within the organisation (caseColumns): status, search key (a LIKE pattern), document ids. */
function caseListFilter(
  q: ReturnType<typeof caseColumns>,
  dialect: Dialect,
  filters: { organisationId: number; status?: string; pattern?: string; documentIds: readonly number[] | null },
) {
  let next = q;
  if (filters.status !== undefined) next = next.where('c.status', '=', filters.status as CaseStatus);
  const { pattern, documentIds } = filters;
  if (pattern !== undefined) {
    next = next.where(
      sql<SqlBool>`(lower(c.title) like ${pattern} escape '\\' or lower(c.client) like ${pattern} escape '\\'
        or exists (select 1 from case_parties p where p.case_id = c.id and lower(p.name) like ${pattern} escape '\\'))`,
    );
  }
  if (documentIds) {
    next = next.where((eb) =>
      eb.exists(
        eb
          .selectFrom('documents as d')
          .select('d.id')
          .whereRef('d.case_id', '=', 'c.id')
          .where(idsIn(dialect, 'd.id', documentIds)),
      ),
    );
  }
  return next;
}

type CaseListFilters = Parameters<typeof caseListFilter>[2];
type CaseListSort = Pick<CaseListQuery, 'sort_by' | 'sort_order'>;

function caseCountQuery(db: Db, dialect: Dialect, filters: CaseListFilters) {
  return caseListFilter(caseColumns(db, filters.organisationId), dialect, filters)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'));
}

function casePageQuery(
  db: Db,
  dialect: Dialect,
  filters: CaseListFilters,
  sort: CaseListSort,
  limit: number,
  offset: number,
) {
  const direction = sort.sort_order === 'asc' ? sql`asc` : sql`desc`;
  return caseListFilter(caseColumns(db, filters.organisationId), dialect, filters)
    .orderBy(sql`${SORT_EXPRESSIONS[sort.sort_by]} ${direction}`)
    .orderBy('c.id', sort.sort_order)
    .limit(limit)
    .offset(offset);
}

/**
 * The list without a document search has one shape per filter set and sort: its two queries are built and
 * compiled once per shape (building them cost more than SQLite running them). Parameters, in order: the
 * organisation, the status and the pattern when the shape has them, then (the page only) limit and offset.
 */
function preparedCaseList(shape: CaseListSort & { status: boolean; search: boolean }) {
  const filtersOf = (params: unknown[]): CaseListFilters => {
    const [organisationId, ...rest] = params;
    return {
      organisationId: organisationId as number,
      ...(shape.status ? { status: rest.shift() as string } : {}),
      ...(shape.search ? { pattern: rest.shift() as string } : {}),
      documentIds: null,
    };
  };
  // The dialect only matters to a document-id filter, which these shapes never have.
  return {
    count: preparedQuery((db: Db, ...params: unknown[]) => caseCountQuery(db, 'sqlite', filtersOf(params))),
    page: preparedQuery((db: Db, ...params: unknown[]) => {
      const [limit, offset] = params.slice(-2) as [number, number];
      return casePageQuery(db, 'sqlite', filtersOf(params.slice(0, -2)), shape, limit, offset);
    }),
  };
}
const preparedCaseLists = new Map<string, ReturnType<typeof preparedCaseList>>();

/** One page of the organisation's cases; `documentIds` (when given) keeps cases holding one of them. */
export async function listCases(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  query: CaseListQuery,
  documentIds: readonly number[] | null,
): Promise<{ rows: CaseRowData[]; total: number }> {
  const filters: CaseListFilters = {
    organisationId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.search_key ? { pattern: likePattern(query.search_key) } : {}),
    documentIds,
  };
  const limit = query.limits;
  const offset = (query.page_no - 1) * query.limits;
  let countRow: { n: number } | undefined;
  let rows: (Omit<CaseRowData, 'documents_count'> & { documents_count: unknown })[];
  if (documentIds) {
    countRow = await caseCountQuery(db, dialect, filters).executeTakeFirst();
    rows = await casePageQuery(db, dialect, filters, query, limit, offset).execute();
  } else {
    const shape = {
      status: filters.status !== undefined,
      search: filters.pattern !== undefined,
      sort_by: query.sort_by,
      sort_order: query.sort_order,
    };
    const key = `${shape.status}:${shape.search}:${query.sort_by}:${query.sort_order}`;
    let prepared = preparedCaseLists.get(key);
    if (!prepared) preparedCaseLists.set(key, (prepared = preparedCaseList(shape)));
    const params = [
      organisationId,
      ...(filters.status !== undefined ? [filters.status] : []),
      ...(filters.pattern !== undefined ? [filters.pattern] : []),
    ];
    [countRow] = await prepared.count(db, ...params);
    rows = await prepared.page(db, ...params, limit, offset);
  }
  return {
    rows: rows.map((r) => ({ ...r, documents_count: Number(r.documents_count) })),
    total: Number(countRow?.n ?? 0),
  };
}

export async function findCase(db: Db, organisationId: number, caseId: number): Promise<CaseRowData | undefined> {
  const row = await caseColumns(db, organisationId).where('c.id', '=', caseId).executeTakeFirst();
  return row ? { ...row, documents_count: Number(row.documents_count) } : undefined;
}

/** A case's id and title (no counts), within one organisation. */
export async function findCaseBrief(db: Db, organisationId: number, caseId: number) {
  return scoped(db, organisationId)
    .selectFrom('cases')
    .select(['id', 'title'])
    .where('id', '=', caseId)
    .executeTakeFirst();
}

/** The documents among `documentIds` of each listed case, by name (a search in documents shows which matched). */
export async function matchedDocumentsOf(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  caseIds: readonly number[],
  documentIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (caseIds.length === 0 || documentIds.length === 0) return map;
  const rows = await scoped(db, organisationId)
    .selectFrom('documents as d')
    .select(['d.id', 'd.case_id', 'd.original_name as name'])
    .where('d.case_id', 'in', caseIds)
    .where(idsIn(dialect, 'd.id', documentIds))
    .orderBy('d.case_id')
    .orderBy('d.original_name')
    .execute();
  for (const row of rows) map.set(row.case_id, [...(map.get(row.case_id) ?? []), { id: row.id, name: row.name }]);
  return map;
}

export async function partiesOf(
  db: Db,
  organisationId: number,
  caseIds: readonly number[],
): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (caseIds.length === 0) return map;
  const rows = await scoped(db, organisationId)
    .selectFrom('case_parties')
    .select(['case_id', 'name'])
    .where('case_id', 'in', caseIds)
    .orderBy('case_id')
    .orderBy('position')
    .execute();
  for (const row of rows) map.set(row.case_id, [...(map.get(row.case_id) ?? []), row.name]);
  return map;
}

export interface UserName {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export async function assignedUsersOf(db: Db, organisationId: number, caseId: number): Promise<UserName[]> {
  return scoped(db, organisationId)
    .selectFrom('case_assigned_users as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('a.case_id', '=', caseId)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .execute();
}

export async function organisationUsers(db: Db, organisationId: number, ids?: readonly number[]): Promise<UserName[]> {
  let query = scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('is_active', '=', 1);
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  return query.orderBy('first_name').orderBy('last_name').orderBy('id').execute();
}

/** Names of the organisation's users among `ids` (a user of another organisation is never named). */
export async function userNames(
  db: Db,
  organisationId: number,
  ids: readonly number[],
): Promise<Map<number, UserName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertCase(
  db: Db,
  row: {
    organisation_id: number;
    title: string;
    client: string;
    description: string;
    status: string;
    created_by: number;
    created_at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('cases')
    .values({ ...row, updated_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateCase(
  db: Db,
  organisationId: number,
  caseId: number,
  changes: { title: string; client: string; description: string; status: string; updated_at: string },
): Promise<void> {
  await scoped(db, organisationId).updateTable('cases').set(changes).where('id', '=', caseId).execute();
}

export async function touchCase(db: Db, organisationId: number, caseId: number, at: string): Promise<void> {
  await scoped(db, organisationId).updateTable('cases').set({ updated_at: at }).where('id', '=', caseId).execute();
}

export async function replaceParties(
  db: Db,
  organisationId: number,
  caseId: number,
  names: readonly string[],
): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_parties').where('case_id', '=', caseId).execute();
  if (names.length === 0) return;
  await db
    .insertInto('case_parties')
    .values(names.map((name, position) => ({ organisation_id: organisationId, case_id: caseId, name, position })))
    .execute();
}

export async function replaceAssignedUsers(
  db: Db,
  organisationId: number,
  caseId: number,
  userIds: readonly number[],
): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_assigned_users').where('case_id', '=', caseId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('case_assigned_users')
    .values(userIds.map((user_id) => ({ organisation_id: organisationId, case_id: caseId, user_id })))
    .execute();
}

export async function insertStatusChange(
  db: Db,
  row: {
    organisation_id: number;
    case_id: number;
    from_status: string | null;
    to_status: string;
    changed_by: number;
    changed_at: string;
  },
): Promise<void> {
  await db.insertInto('case_status_history').values(row).execute();
}

export async function statusHistory(db: Db, organisationId: number, caseId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_status_history')
    .select(['id', 'from_status', 'to_status', 'changed_by', 'changed_at'])
    .where('case_id', '=', caseId)
    .orderBy('id', 'desc')
    .execute();
}

export async function deleteCaseRow(db: Db, organisationId: number, caseId: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('cases').where('id', '=', caseId).execute();
}
