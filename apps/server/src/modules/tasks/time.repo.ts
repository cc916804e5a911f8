import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.types.ts';
import { idsIn } from '../../db/dialect.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';
import type { TimeEntriesTable, TimeEntrySpansTable } from '../../db/tables/tasks.ts';

export type EntryRecord = Selectable<TimeEntriesTable>;
export type SpanRecord = Selectable<TimeEntrySpansTable>;

/** The user's timer: their entry whose state is not 'stopped' (at most one: the partial unique index). */
export async function findTimer(db: Db, organisationId: number, userId: number): Promise<EntryRecord | undefined> {
  return scoped(db, organisationId)
    .selectFrom('time_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '<>', 'stopped')
    .executeTakeFirst();
}

/**
 * Locks the user's row until the transaction ends (PostgreSQL): the timer calls of one user run one after
 * another, so a start sees the timer another start made. SQLite runs one write transaction at a time anyway.
 */
export async function lockUser(db: Db, dialect: Dialect, organisationId: number, userId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await scoped(db, organisationId).selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Locks time entries until the transaction ends (PostgreSQL), in id order so two callers cannot deadlock: an
 * unapprove and an invoice draft billing the same entry run one after the other, and the second sees what the
 * first committed (the draft then finds it unapproved, or the unapprove finds it billed). SQLite runs one write
 * transaction at a time anyway.
 */
export async function lockEntries(db: Db, dialect: Dialect, organisationId: number, ids: readonly number[]) {
  if (dialect !== 'postgres' || ids.length === 0) return;
  await scoped(db, organisationId)
    .selectFrom('time_entries')
    .select('id')
    .where(idsIn(dialect, 'id', ids))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function findEntry(db: Db, organisationId: number, id: number): Promise<EntryRecord | undefined> {
  return scoped(db, organisationId).selectFrom('time_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEntry(db: Db, row: Insertable<TimeEntriesTable>): Promise<number> {
  const inserted = await db.insertInto('time_entries').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateEntry(db: Db, organisationId: number, id: number, changes: Updateable<TimeEntriesTable>) {
  await scoped(db, organisationId).updateTable('time_entries').set(changes).where('id', '=', id).execute();
}

export async function deleteEntry(db: Db, organisationId: number, id: number) {
  await scoped(db, organisationId).deleteFrom('time_entries').where('id', '=', id).execute();
}

export async function openSpan(db: Db, organisationId: number, entryId: number, startedAt: string) {
  await db
    .insertInto('time_entry_spans')
    .values({ organisation_id: organisationId, entry_id: entryId, started_at: startedAt, ended_at: null })
    .execute();
}

export async function findOpenSpan(db: Db, organisationId: number, entryId: number): Promise<SpanRecord | undefined> {
  return scoped(db, organisationId)
    .selectFrom('time_entry_spans')
    .selectAll()
    .where('entry_id', '=', entryId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

export async function closeSpan(db: Db, organisationId: number, spanId: number, endedAt: string) {
  await scoped(db, organisationId)
    .updateTable('time_entry_spans')
    .set({ ended_at: endedAt })
    .where('id', '=', spanId)
    .execute();
}

export async function deleteSpansOf(db: Db, organisationId: number, entryId: number) {
  await scoped(db, organisationId).deleteFrom('time_entry_spans').where('entry_id', '=', entryId).execute();
}

export async function spansOf(db: Db, dialect: Dialect, organisationId: number, entryIds: readonly number[]) {
  if (entryIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('time_entry_spans')
    .selectAll()
    .where(idsIn(dialect, 'entry_id', [...new Set(entryIds)]))
    .orderBy('started_at')
    .execute();
}

/** The users of every organisation whose timer runs (the hourly 12-hour sweep). */
export async function runningTimersEverywhere(db: Db) {
  return crossTenant(db, 'the hourly 12-hour timer sweep over every organisation')
    .selectFrom('time_entries')
    .select(['organisation_id', 'user_id'])
    .where('state', '=', 'running')
    .execute();
}

export interface EntryFilter {
  userId?: number;
  taskId?: number;
  caseId?: number;
  from?: string;
  to?: string;
  approved?: boolean;
  entryIds?: readonly number[];
}

function filtered(db: Db, dialect: Dialect, organisationId: number, filter: EntryFilter) {
  let query = scoped(db, organisationId).selectFrom('time_entries as e');
  if (filter.userId !== undefined) query = query.where('e.user_id', '=', filter.userId);
  if (filter.taskId !== undefined) query = query.where('e.task_id', '=', filter.taskId);
  if (filter.caseId !== undefined) query = query.where('e.case_id', '=', filter.caseId);
  if (filter.from !== undefined) query = query.where('e.date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('e.date', '<=', filter.to);
  if (filter.approved !== undefined) query = query.where('e.approved_at', filter.approved ? 'is not' : 'is', null);
  if (filter.entryIds !== undefined) query = query.where(idsIn(dialect, 'e.id', filter.entryIds));
  return query;
}

/** A page of entries, newest day first, with the count and the stored seconds of all of them. */
export async function listEntries(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  filter: EntryFilter,
  page: { offset: number; limit: number },
) {
  const base = filtered(db, dialect, organisationId, filter);
  const total = await base
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('e.seconds').as('s')])
    .executeTakeFirst();
  const rows = await base
    .selectAll('e')
    .orderBy('e.date', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, count: Number(total?.n ?? 0), seconds: Number(total?.s ?? 0) };
}

/** Every entry the filter selects (approvals, totals). */
export async function entriesWhere(db: Db, dialect: Dialect, organisationId: number, filter: EntryFilter) {
  return filtered(db, dialect, organisationId, filter).selectAll('e').execute();
}

/**
 * Entries that may hold time between `fromIso` and `toIso`: typed ones (no spans) dated in [fromDay, toDay],
 * and timer entries with a span overlapping the instants.
 */
export async function entriesInRange(
  db: Db,
  organisationId: number,
  range: { fromDay: string; toDay: string; fromIso: string; toIso: string },
  filter: { userId?: number; caseId?: number; taskId?: number },
) {
  let query = scoped(db, organisationId)
    .selectFrom('time_entries as e')
    .selectAll('e')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('e.date', '>=', range.fromDay),
          eb('e.date', '<=', range.toDay),
          sql<boolean>`not exists (select 1 from time_entry_spans s0 where s0.entry_id = e.id)`,
        ]),
        sql<boolean>`exists (select 1 from time_entry_spans s where s.entry_id = e.id
          and s.started_at < ${range.toIso} and (s.ended_at is null or s.ended_at > ${range.fromIso}))`,
      ]),
    );
  if (filter.userId !== undefined) query = query.where('e.user_id', '=', filter.userId);
  if (filter.caseId !== undefined) query = query.where('e.case_id', '=', filter.caseId);
  if (filter.taskId !== undefined) query = query.where('e.task_id', '=', filter.taskId);
  return query.orderBy('e.id').execute();
}

/** Stored seconds per task (stopped and timer entries' closed spans), all users, billable, and the user's. */
export async function secondsPerTask(db: Db, organisationId: number, taskIds: readonly number[], userId: number) {
  const map = new Map<number, { all: number; billable: number; mine: number; count: number }>();
  if (taskIds.length === 0) return map;
  const rows = await scoped(db, organisationId)
    .selectFrom('time_entries')
    .select([
      'task_id',
      (eb) => eb.fn.sum<number | string | null>('seconds').as('all'),
      sql<number | string | null>`sum(case when billable = 1 then seconds else 0 end)`.as('billable'),
      sql<number | string | null>`sum(case when user_id = ${userId} then seconds else 0 end)`.as('mine'),
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .where('task_id', 'in', [...taskIds])
    .groupBy('task_id')
    .execute();
  for (const row of rows)
    map.set(row.task_id, {
      all: Number(row.all ?? 0),
      billable: Number(row.billable ?? 0),
      mine: Number(row.mine ?? 0),
      count: Number(row.count),
    });
  return map;
}

/** The open spans of running timers on the tasks (their time up to now is not stored yet). */
export async function openSpansOnTasks(db: Db, organisationId: number, taskIds: readonly number[]) {
  if (taskIds.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('time_entry_spans as s')
    .innerJoin('time_entries as e', 'e.id', 's.entry_id')
    .select(['e.task_id', 'e.user_id', 'e.billable', 's.started_at'])
    .where('e.organisation_id', '=', organisationId)
    .where('e.task_id', 'in', [...taskIds])
    .where('s.ended_at', 'is', null)
    .execute();
}

/** Marks entries approved (or not) by `userId` at `at`. */
export async function setApproval(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  ids: readonly number[],
  approval: { approved_by: number | null; approved_at: string | null; updated_at: string },
) {
  await scoped(db, organisationId)
    .updateTable('time_entries')
    .set(approval)
    .where(idsIn(dialect, 'id', ids))
    .execute();
}

/** Audit events of the organisation's tasks in a time range, newest first. */
export async function taskEvents(
  db: Db,
  organisationId: number,
  range: { fromIso: string; toIso: string },
  filter: { userId?: number; taskIds?: readonly number[] | null },
  limit: number,
) {
  let query = scoped(db, organisationId)
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', 'task')
    .where('created_at', '>=', range.fromIso)
    .where('created_at', '<', range.toIso);
  if (filter.userId !== undefined) query = query.where('actor_user_id', '=', filter.userId);
  if (filter.taskIds) {
    if (filter.taskIds.length === 0) return [];
    query = query.where('entity_id', 'in', [...filter.taskIds]);
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The task ids of a case (activity filtered by case). */
export async function taskIdsOfCase(db: Db, organisationId: number, caseId: number): Promise<number[]> {
  const rows = await scoped(db, organisationId)
    .selectFrom('tasks')
    .select('id')
    .where('case_id', '=', caseId)
    .execute();
  return rows.map((row) => row.id);
}

/** A task moved to another case (or none): its time entries follow, so time per case stays true. */
export async function moveEntriesToCase(db: Db, organisationId: number, taskId: number, caseId: number | null) {
  await scoped(db, organisationId)
    .updateTable('time_entries')
    .set({ case_id: caseId })
    .where('task_id', '=', taskId)
    .execute();
}

/** A stopped, billable, approved time entry as invoices bill it (with its task and timekeeper). */
export interface BillableEntry {
  id: number;
  date: string;
  case_id: number | null;
  task_id: number;
  task_title: string;
  user_id: number;
  user_name: string;
  activity_type: string;
  note: string;
  seconds: number;
}

/**
 * Stopped, billable and approved entries of the organisation on `caseIds` (or with `ids`), oldest first: what
 * the invoices module may bill (it decides which are already billed).
 */
export async function billableEntries(
  db: Db,
  dialect: Dialect,
  organisationId: number,
  filter: { caseIds?: readonly number[]; ids?: readonly number[] },
): Promise<BillableEntry[]> {
  let query = scoped(db, organisationId)
    .selectFrom('time_entries as e')
    .innerJoin('tasks as t', 't.id', 'e.task_id')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.date',
      'e.case_id',
      'e.task_id',
      't.title as task_title',
      'e.user_id',
      'u.email',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('user_name'),
      'e.activity_type',
      'e.note',
      'e.seconds',
    ])
    .where('e.state', '=', 'stopped')
    .where('e.billable', '=', 1)
    .where('e.approved_at', 'is not', null);
  if (filter.caseIds) query = query.where(idsIn(dialect, 'e.case_id', filter.caseIds));
  if (filter.ids) query = query.where(idsIn(dialect, 'e.id', filter.ids));
  const rows = await query.orderBy('e.date').orderBy('e.id').execute();
  return rows.map(({ email, user_name, ...row }) => ({ ...row, user_name: user_name ?? email }));
}
