import type { Insertable, Selectable } from 'kysely';
import type { Db, NotificationsTable } from '../../db/database.types.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export async function insertNotification(db: Db, row: Insertable<NotificationsTable>): Promise<number> {
  const inserted = await db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The recipient's newest notifications first. */
export async function listNotifications(
  db: Db,
  organisationId: number,
  userId: number,
  limit: number,
): Promise<NotificationRow[]> {
  return scoped(db, organisationId)
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, organisationId: number, userId: number): Promise<number> {
  const row = await scoped(db, organisationId)
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one notification of the recipient read; false when it is not theirs or does not exist. */
export async function markRead(db: Db, organisationId: number, userId: number, id: number): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markAllRead(db: Db, organisationId: number, userId: number): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .execute();
}

/** Notifications about a deleted case (their case_id has no foreign key: tasks and cases share the column). */
export async function deleteCaseNotifications(db: Db, organisationId: number, caseId: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('notifications').where('case_id', '=', caseId).execute();
}
