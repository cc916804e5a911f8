import { sql, type Selectable } from 'kysely';
import type { Db, OutboxTable } from '../../db/database.types.ts';
import { ALL_ORGANISATIONS, type OrgScope } from '../access/actor.ts';
import { likePattern } from '../../db/like.ts';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutbox(
  db: Db,
  row: Omit<OutboxRow, 'id' | 'status' | 'sent_at' | 'error'>,
): Promise<number> {
  const inserted = await db
    .insertInto('outbox')
    .values({ ...row, status: 'queued', sent_at: null, error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findOutbox(db: Db, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markOutbox(db: Db, id: number, status: 'sent' | 'failed', at: string, error: string | null) {
  await db
    .updateTable('outbox')
    .set({ status, sent_at: status === 'sent' ? at : null, error })
    .where('id', '=', id)
    .execute();
}

/** The outbox in `scope`; `search` matches recipient or subject, case-insensitively, in both dialects. */
function scoped(db: Db, scope: OrgScope, search: string | undefined) {
  let query = db.selectFrom('outbox');
  if (scope !== ALL_ORGANISATIONS) query = query.where('organisation_id', '=', scope);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['to_address']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['subject']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of the outbox, newest first. */
export async function listOutbox(
  db: Db,
  scope: OrgScope,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<OutboxRow[]> {
  return scoped(db, scope, search)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOutbox(db: Db, scope: OrgScope, search: string | undefined): Promise<number> {
  const row = await scoped(db, scope, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
