import type { TaskListQuery } from '@lexdesk/contract';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import { containsText } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type {
  TaskAttachmentsTable,
  TaskChecklistItemsTable,
  TaskCommentsTable,
  TasksTable,
} from '../../db/tables/tasks.ts';

export type TaskRecord = Selectable<TasksTable>;
export type ChecklistRecord = Selectable<TaskChecklistItemsTable>;
export type CommentRecord = Selectable<TaskCommentsTable>;
export type AttachmentRecord = Selectable<TaskAttachmentsTable>;

export async function findTask(db: Db, organisationId: number, id: number): Promise<TaskRecord | undefined> {
  return scoped(db, organisationId).selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTask(db: Db, row: Insertable<TasksTable>): Promise<number> {
  const inserted = await db.insertInto('tasks').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateTask(db: Db, organisationId: number, id: number, changes: Updateable<TasksTable>) {
  await scoped(db, organisationId).updateTable('tasks').set(changes).where('id', '=', id).execute();
}

export async function deleteTask(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('tasks').where('id', '=', id).execute();
}

export async function assigneesOf(db: Db, organisationId: number, taskIds: readonly number[]) {
  const map = new Map<number, number[]>();
  if (taskIds.length === 0) return map;
  const rows = await scoped(db, organisationId)
    .selectFrom('task_assignees')
    .select(['task_id', 'user_id'])
    .where('task_id', 'in', [...taskIds])
    .orderBy('user_id')
    .execute();
  for (const row of rows) map.set(row.task_id, [...(map.get(row.task_id) ?? []), row.user_id]);
  return map;
}

export async function replaceAssignees(db: Db, organisationId: number, taskId: number, userIds: readonly number[]) {
  await scoped(db, organisationId).deleteFrom('task_assignees').where('task_id', '=', taskId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('task_assignees')
    .values(userIds.map((user_id) => ({ organisation_id: organisationId, task_id: taskId, user_id })))
    .execute();
}

export async function isAssignee(db: Db, organisationId: number, taskId: number, userId: number) {
  const row = await scoped(db, organisationId)
    .selectFrom('task_assignees')
    .select('user_id')
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

const PRIORITY_ORDER = sql`case t.priority when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;
const STATUS_ORDER = sql`case t.status when 'to_do' then 1 when 'in_progress' then 2 when 'done' then 3 else 4 end`;

export interface TaskFilter {
  query: TaskListQuery;
  userId: number;
  today: string;
  /** Only open tasks due on or before this day (dashboards). */
  dueUntil?: string;
  openOnly?: boolean;
  assignedTo?: number;
}

/** One page of the organisation's tasks by the list's filters, with the total. */
export async function listTasks(
  db: Db,
  organisationId: number,
  filter: TaskFilter,
  page: { offset: number; limit: number },
) {
  const { query, userId, today } = filter;
  let base = scoped(db, organisationId).selectFrom('tasks as t');
  const assigned = (user: number) =>
    sql<boolean>`exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = ${user})`;
  if (query.scope === 'mine') base = base.where(assigned(userId));
  if (query.scope === 'created') base = base.where('t.created_by', '=', userId);
  if (filter.assignedTo !== undefined) base = base.where(assigned(filter.assignedTo));
  if (query.assignee_id !== undefined) base = base.where(assigned(query.assignee_id));
  if (query.created_by !== undefined) base = base.where('t.created_by', '=', query.created_by);
  if (query.case_id !== undefined) base = base.where('t.case_id', '=', query.case_id);
  if (query.status !== undefined) base = base.where('t.status', '=', query.status);
  if (query.search_key) base = base.where(containsText('t.title', query.search_key));
  const open = filter.openOnly || (query.due !== undefined && query.due !== 'none');
  if (open) base = base.where('t.status', 'in', ['to_do', 'in_progress']);
  if (query.due === 'overdue') base = base.where('t.due_date', '<', today);
  if (query.due === 'today') base = base.where('t.due_date', '=', today);
  if (query.due === 'week') {
    const until = new Date(`${today}T00:00:00Z`);
    until.setUTCDate(until.getUTCDate() + 6);
    base = base.where('t.due_date', '>=', today).where('t.due_date', '<=', until.toISOString().slice(0, 10));
  }
  if (query.due === 'none') base = base.where('t.due_date', 'is', null);
  if (filter.dueUntil !== undefined) base = base.where('t.due_date', '<=', filter.dueUntil);
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const direction = query.order;
  let ordered = base.selectAll('t');
  switch (query.sort) {
    case 'due_date':
      // Tasks without a due date come last either way.
      ordered = ordered.orderBy(sql`case when t.due_date is null then 1 else 0 end`).orderBy('t.due_date', direction);
      break;
    case 'priority':
      ordered = ordered.orderBy(PRIORITY_ORDER, direction);
      break;
    case 'status':
      ordered = ordered.orderBy(STATUS_ORDER, direction);
      break;
    case 'title':
      ordered = ordered.orderBy(sql`lower(t.title)`, direction);
      break;
    default:
      ordered = ordered.orderBy('t.created_at', direction);
  }
  const rows = await ordered.orderBy('t.id', direction).offset(page.offset).limit(page.limit).execute();
  return { rows, total: Number(total?.n ?? 0) };
}

/** Tasks by status (dashboard). */
export async function countByStatus(db: Db, organisationId: number) {
  const rows = await scoped(db, organisationId)
    .selectFrom('tasks')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** Titles and case ids of the organisation's tasks among `ids`. */
export async function taskBriefs(db: Db, dialect: Dialect, organisationId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    return new Map<number, { title: string; case_id: number | null; created_by: number | null }>();
  const rows = await scoped(db, organisationId)
    .selectFrom('tasks')
    .select(['id', 'title', 'case_id', 'created_by'])
    .where(idsIn(dialect, 'id', unique))
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Checklist counts per task. */
export async function checklistCounts(db: Db, organisationId: number, taskIds: readonly number[]) {
  const map = new Map<number, { done: number; total: number }>();
  if (taskIds.length === 0) return map;
  const rows = await scoped(db, organisationId)
    .selectFrom('task_checklist_items')
    .select([
      'task_id',
      (eb) => eb.fn.countAll<number | string>().as('total'),
      (eb) => eb.fn.sum<number | string | null>('done').as('done'),
    ])
    .where('task_id', 'in', [...taskIds])
    .groupBy('task_id')
    .execute();
  for (const row of rows) map.set(row.task_id, { done: Number(row.done ?? 0), total: Number(row.total) });
  return map;
}

// Checklist

export async function checklistOf(db: Db, organisationId: number, taskId: number) {
  return scoped(db, organisationId)
    .selectFrom('task_checklist_items')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertChecklistItem(db: Db, row: Insertable<TaskChecklistItemsTable>): Promise<number> {
  const inserted = await db.insertInto('task_checklist_items').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateChecklistItem(
  db: Db,
  organisationId: number,
  id: number,
  changes: Updateable<TaskChecklistItemsTable>,
) {
  await scoped(db, organisationId).updateTable('task_checklist_items').set(changes).where('id', '=', id).execute();
}

export async function deleteChecklistItem(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('task_checklist_items').where('id', '=', id).execute();
}

// Comments

export async function commentsOf(db: Db, organisationId: number, taskId: number) {
  return scoped(db, organisationId)
    .selectFrom('task_comments')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findComment(db: Db, organisationId: number, taskId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('task_comments')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertComment(db: Db, row: Insertable<TaskCommentsTable>): Promise<number> {
  const inserted = await db.insertInto('task_comments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteComment(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('task_comments').where('id', '=', id).execute();
}

// Attachments

export async function attachmentsOf(db: Db, organisationId: number, taskId: number) {
  return scoped(db, organisationId)
    .selectFrom('task_attachments')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
}

export async function findAttachment(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId).selectFrom('task_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAttachment(db: Db, row: Insertable<TaskAttachmentsTable>): Promise<number> {
  const inserted = await db.insertInto('task_attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function deleteAttachment(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('task_attachments').where('id', '=', id).execute();
}

/** Storage keys of the attachments of the organisation's tasks (all, or those of one case). */
export async function attachmentKeys(db: Db, organisationId: number, caseId?: number): Promise<string[]> {
  let query = scoped(db, organisationId)
    .selectFrom('task_attachments as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .select('a.storage_key')
    .where('t.organisation_id', '=', organisationId);
  if (caseId !== undefined) query = query.where('t.case_id', '=', caseId);
  return (await query.execute()).map((row) => row.storage_key);
}

// Settings

export async function findSettings(db: Db, organisationId: number) {
  return scoped(db, organisationId).selectFrom('task_settings').selectAll().executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  organisationId: number,
  values: { idle_minutes: number; billing_increment_minutes: number; updated_at: string },
) {
  await db
    .insertInto('task_settings')
    .values({ organisation_id: organisationId, ...values })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
    .execute();
}
