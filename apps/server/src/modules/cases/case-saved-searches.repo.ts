import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { CaseSavedSearchesTable } from '../../db/tables/case-saved-searches.ts';
import { scoped } from '../../db/tenant-scope.ts';

export interface SavedSearchData {
  id: number;
  case_id: number;
  name: string;
  terms: string;
  created_by_id: number | null;
  created_at: string;
  saver_first: string | null;
  saver_last: string | null;
  saver_email: string | null;
}

function withSaver(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('case_saved_searches as s')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 's.created_by_id').on('u.organisation_id', '=', organisationId),
    )
    .select([
      's.id',
      's.case_id',
      's.name',
      's.terms',
      's.created_by_id',
      's.created_at',
      'u.first_name as saver_first',
      'u.last_name as saver_last',
      'u.email as saver_email',
    ]);
}

/** One page of a case's saved searches, newest first. */
export async function listSavedSearches(
  db: Db,
  organisationId: number,
  caseId: number,
  page: { page_no: number; limits: number },
): Promise<{ rows: SavedSearchData[]; total: number }> {
  const count = await scoped(db, organisationId)
    .selectFrom('case_saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  const rows = await withSaver(db, organisationId)
    .where('s.case_id', '=', caseId)
    .orderBy('s.id', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return { rows, total: Number(count.n) };
}

export async function findSavedSearch(
  db: Db,
  organisationId: number,
  id: number,
): Promise<SavedSearchData | undefined> {
  return withSaver(db, organisationId).where('s.id', '=', id).executeTakeFirst();
}

/** A saved search of the case with this name (ignoring case), if any. */
export async function savedSearchNamed(
  db: Db,
  organisationId: number,
  caseId: number,
  name: string,
): Promise<{ id: number } | undefined> {
  return scoped(db, organisationId)
    .selectFrom('case_saved_searches')
    .select('id')
    .where('case_id', '=', caseId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertSavedSearch(db: Db, row: Insertable<CaseSavedSearchesTable>): Promise<number> {
  const inserted = await db.insertInto('case_saved_searches').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteSavedSearch(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('case_saved_searches').where('id', '=', id).execute();
}
