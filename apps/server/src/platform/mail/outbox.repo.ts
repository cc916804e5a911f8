import { sql, type Selectable } from 'kysely';
import type { Db, OutboxTable } from '../../db/database.types.ts';
import type { OutboxSecretsTable } from '../../db/tables/outbox-secrets.ts';
import { likePattern } from '../../db/like.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export type OutboxRow = Selectable<OutboxTable>;
export type OutboxSecretRow = Selectable<OutboxSecretsTable>;
export type OutboxStatus = 'queued' | 'sent' | 'failed';

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

/** The delivery job's row: its job names it by id; a message may belong to no organisation (the setup link). */
const delivery = (db: Db) =>
  crossTenant(db, 'mail delivery: the job names its outbox row, of any organisation or none');

export async function findOutbox(db: Db, id: number): Promise<OutboxRow | undefined> {
  return delivery(db).selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `queued` with an error: a delivery attempt failed and another is scheduled. */
export async function markOutbox(db: Db, id: number, status: OutboxStatus, at: string, error: string | null) {
  await delivery(db)
    .updateTable('outbox')
    .set({ status, sent_at: status === 'sent' ? at : null, error: error === null ? null : error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

export async function insertOutboxSecret(db: Db, row: OutboxSecretRow): Promise<void> {
  await db.insertInto('outbox_secrets').values(row).execute();
}

export async function findOutboxSecret(db: Db, outboxId: number): Promise<OutboxSecretRow | undefined> {
  return db.selectFrom('outbox_secrets').selectAll().where('outbox_id', '=', outboxId).executeTakeFirst();
}

export async function deleteOutboxSecret(db: Db, outboxId: number): Promise<void> {
  await db.deleteFrom('outbox_secrets').where('outbox_id', '=', outboxId).execute();
}

/** Housekeeping: outbox rows written before `before` (their full text, if any, goes with them). */
export async function deleteOutboxBefore(db: Db, before: string): Promise<void> {
  await crossTenant(db, 'housekeeping: old outbox rows of every organisation')
    .deleteFrom('outbox')
    .where('created_at', '<', before)
    .execute();
}

/** Housekeeping: full texts older than `before` whose delivery never ended (a job lost for good). */
export async function deleteOutboxSecretsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('outbox_secrets').where('created_at', '<', before).execute();
}

/**
 * Whose outbox a screen reads: every message of one organisation, and (the provider's installation-wide view)
 * the messages of these kinds of every other organisation or of none.
 */
export interface OutboxView {
  organisationId: number;
  otherOrganisationsKinds: readonly string[];
}

function viewed(db: Db, view: OutboxView) {
  if (view.otherOrganisationsKinds.length === 0) return scoped(db, view.organisationId).selectFrom('outbox');
  return crossTenant(db, "Admin Setting: the installation's account mail (super user), by kind")
    .selectFrom('outbox')
    .where((eb) =>
      eb.or([eb('organisation_id', '=', view.organisationId), eb('kind', 'in', view.otherOrganisationsKinds)]),
    );
}

/** The outbox in `view`; `search` matches recipient or subject, case-insensitively, in both dialects. */
function outboxIn(db: Db, view: OutboxView, search: string | undefined) {
  let query = viewed(db, view);
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
  view: OutboxView,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<OutboxRow[]> {
  return outboxIn(db, view, search)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOutbox(db: Db, view: OutboxView, search: string | undefined): Promise<number> {
  const row = await outboxIn(db, view, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages in `view` per channel and status (Admin Setting's delivery counts). */
export async function countOutboxByStatus(
  db: Db,
  view: OutboxView,
): Promise<{ channel: string; status: string; n: number | string | bigint }[]> {
  return viewed(db, view)
    .select(['channel', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['channel', 'status'])
    .execute();
}
