import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Database, Db, Dialect } from '../../../db/database.types.ts';

type Eb = ExpressionBuilder<Database & { s: Database['analyser_saved_searches'] }, 's'>;
import { idsIn } from '../../../db/dialect.ts';
import { containsText } from '../../../db/like.ts';
import type { AnalyserSavedSearchesTable } from '../../../db/tables/analyser-saved-searches.ts';
import { scoped } from '../../../db/tenant-scope.ts';

/** Whose saved searches a caller sees: the organisation's (staff), or only their own (`userId`). */
export interface SearchScope {
  organisationId: number;
  onlyUserId: number | null;
}

export interface SavedSearchFilter {
  search?: string;
  caseTitle?: string;
  documentName?: string;
  conceptList?: string;
}

function base(db: Db, scope: SearchScope) {
  let query = scoped(db, scope.organisationId)
    .selectFrom('analyser_saved_searches as s')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.created_by').on('u.organisation_id', '=', scope.organisationId),
    );
  if (scope.onlyUserId !== null) query = query.where('s.created_by', '=', scope.onlyUserId);
  return query;
}

const SUMMARY = [
  's.id',
  's.created_by',
  's.concept_list_id',
  's.concept_list_name',
  's.concept_list_version',
  's.concept_ids',
  's.horizon',
  's.document_count',
  's.multiple',
  's.created_at',
  'u.first_name',
  'u.last_name',
  'u.email',
] as const;

/** Newest first, the first `limit` matching and how many match (contains, any case; every given field). */
export async function pageSavedSearches(db: Db, scope: SearchScope, filter: SavedSearchFilter, limit: number) {
  const organisationId = scope.organisationId;
  const caseMatches = (eb: Eb, text: string) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('analyser_saved_search_cases as c')
          .select('c.case_id')
          .whereRef('c.saved_search_id', '=', 's.id')
          .where('c.organisation_id', '=', organisationId)
          .where(containsText('c.title', text)),
      ),
      eb.exists(
        eb
          .selectFrom('analyser_saved_search_documents as d')
          .select('d.document_id')
          .whereRef('d.saved_search_id', '=', 's.id')
          .where('d.organisation_id', '=', organisationId)
          .where(containsText('d.case_title', text)),
      ),
    ]);
  const documentMatches = (eb: Eb, text: string) =>
    eb.exists(
      eb
        .selectFrom('analyser_saved_search_documents as d')
        .select('d.document_id')
        .whereRef('d.saved_search_id', '=', 's.id')
        .where('d.organisation_id', '=', organisationId)
        .where(containsText('d.name', text)),
    );
  let query = base(db, scope);
  const { conceptList, caseTitle, documentName, search } = filter;
  if (conceptList) query = query.where(containsText('s.concept_list_name', conceptList));
  if (caseTitle) query = query.where((eb) => caseMatches(eb, caseTitle));
  if (documentName) query = query.where((eb) => documentMatches(eb, documentName));
  if (search)
    query = query.where((eb) =>
      eb.or([containsText('s.concept_list_name', search), caseMatches(eb, search), documentMatches(eb, search)]),
    );
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([...SUMMARY])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
  return { rows, total: Number(count.n) };
}
export type SavedSearchSummary = Awaited<ReturnType<typeof pageSavedSearches>>['rows'][number];

export async function findSavedSearch(db: Db, scope: SearchScope, id: number) {
  return base(db, scope)
    .select([...SUMMARY, 's.result'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** The case and document rows of saved searches, by search id. */
export async function partsOf(db: Db, dialect: Dialect, organisationId: number, ids: readonly number[]) {
  const cases = new Map<number, { case_id: number; title: string }[]>();
  const documents = new Map<
    number,
    { document_id: number; case_id: number; case_title: string; name: string; indexed_at: string | null }[]
  >();
  if (ids.length === 0) return { cases, documents };
  const caseRows = await scoped(db, organisationId)
    .selectFrom('analyser_saved_search_cases')
    .select(['saved_search_id', 'case_id', 'title'])
    .where(idsIn(dialect, 'saved_search_id', ids))
    .orderBy('title')
    .execute();
  for (const { saved_search_id: id, ...row } of caseRows) cases.set(id, [...(cases.get(id) ?? []), row]);
  const documentRows = await scoped(db, organisationId)
    .selectFrom('analyser_saved_search_documents')
    .select(['saved_search_id', 'document_id', 'case_id', 'case_title', 'name', 'indexed_at'])
    .where(idsIn(dialect, 'saved_search_id', ids))
    .orderBy('case_title')
    .orderBy('name')
    .execute();
  for (const { saved_search_id: id, ...row } of documentRows) documents.set(id, [...(documents.get(id) ?? []), row]);
  return { cases, documents };
}

export async function insertSavedSearch(
  db: Db,
  row: Insertable<AnalyserSavedSearchesTable>,
  cases: readonly { case_id: number; title: string }[],
  documents: readonly {
    document_id: number;
    case_id: number;
    case_title: string;
    name: string;
    indexed_at: string | null;
  }[],
): Promise<number> {
  const { id } = await db.insertInto('analyser_saved_searches').values(row).returning('id').executeTakeFirstOrThrow();
  const organisation_id = row.organisation_id;
  if (cases.length > 0)
    await db
      .insertInto('analyser_saved_search_cases')
      .values(cases.map((c) => ({ ...c, saved_search_id: id, organisation_id })))
      .execute();
  for (let start = 0; start < documents.length; start += 500)
    await db
      .insertInto('analyser_saved_search_documents')
      .values(documents.slice(start, start + 500).map((d) => ({ ...d, saved_search_id: id, organisation_id })))
      .execute();
  return id;
}

export async function deleteSavedSearch(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId)
    .deleteFrom('analyser_saved_search_documents')
    .where('saved_search_id', '=', id)
    .execute();
  await scoped(db, organisationId)
    .deleteFrom('analyser_saved_search_cases')
    .where('saved_search_id', '=', id)
    .execute();
  await scoped(db, organisationId).deleteFrom('analyser_saved_searches').where('id', '=', id).execute();
}

/** Names for the Advance drop-down's suggestions, from the searches the caller sees. */
export async function suggestionNames(db: Db, scope: SearchScope) {
  const lists = await base(db, scope)
    .select('s.concept_list_name')
    .distinct()
    .orderBy('s.concept_list_name')
    .limit(500)
    .execute();
  const joined = () =>
    base(db, scope).innerJoin('analyser_saved_search_documents as d', (join) =>
      join.onRef('d.saved_search_id', '=', 's.id').on('d.organisation_id', '=', scope.organisationId),
    );
  const cases = await joined().select('d.case_title').distinct().orderBy('d.case_title').limit(500).execute();
  const documents = await joined().select('d.name').distinct().orderBy('d.name').limit(500).execute();
  return {
    lists: lists.map((row) => row.concept_list_name),
    cases: cases.map((row) => row.case_title),
    documents: documents.map((row) => row.name),
  };
}
