import type { Db } from '../../db/database.types.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** A key and how many rows have it. */
export interface KeyCount {
  key: string;
  n: number | string | bigint;
}

/** The organisation's cases counted per status. */
export async function countCasesByStatus(db: Db, organisationId: number): Promise<KeyCount[]> {
  return scoped(db, organisationId)
    .selectFrom('cases')
    .select(['status as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
}

/** The organisation's documents counted per indexing state. */
export async function countDocumentsByState(db: Db, organisationId: number): Promise<KeyCount[]> {
  return scoped(db, organisationId)
    .selectFrom('documents')
    .select(['indexing_state as key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('indexing_state')
    .execute();
}

/** The organisation's newest documents with their case's title. */
export async function recentDocuments(db: Db, organisationId: number, limit: number) {
  return scoped(db, organisationId)
    .selectFrom('documents as d')
    .innerJoin('cases as c', 'c.id', 'd.case_id')
    .select([
      'd.id',
      'd.original_name as name',
      'd.case_id',
      'c.title as case_title',
      'd.indexing_state as state',
      'd.created_at',
    ])
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}
