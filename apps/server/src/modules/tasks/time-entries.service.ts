import {
  parseDuration,
  taskMessages as M,
  type ActivityType,
  type TimeEntry,
  type TimeEntryApproveBody,
  type TimeEntryApproved,
  type TimeEntryBody,
  type TimeEntryList,
  type TimeEntryListQuery,
  type TimeEntrySaved,
  type TimeEntryUpdateBody,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { dialectOf } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/http-error.ts';
import { refuseIfHeld } from '../../platform/modules/holds.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { caseSummaries } from '../cases/index.ts';
import { isManager, visibleTask } from './task-access.ts';
import { taskBriefs } from './tasks.repo.ts';
import {
  deleteEntry,
  deleteSpansOf,
  entriesWhere,
  lockEntries,
  findEntry,
  insertEntry,
  listEntries,
  setApproval,
  spansOf,
  updateEntry,
  type EntryRecord,
} from './time.repo.ts';
import { secondsBetween, wholeSecondsNow } from './timer-clock.ts';
import { usersService } from '../users/index.ts';

const secondsOf = (text: string): number => {
  const seconds = parseDuration(text);
  if (seconds === null) throw badRequest(M.durationInvalid, { duration: M.durationInvalid });
  return seconds;
};

/** Entries as the lists show them: names, titles, and a timer's time up to now. */
export async function toEntries(ctx: AppContext, actor: Actor, rows: readonly EntryRecord[]): Promise<TimeEntry[]> {
  const org = actor.organisationId;
  const dialect = dialectOf(ctx);
  const tasks = await taskBriefs(
    ctx.db,
    dialect,
    org,
    rows.map((r) => r.task_id),
  );
  const names = await usersService(ctx).namesIn(org, [
    ...rows.map((r) => r.user_id),
    ...rows.map((r) => r.approved_by),
  ]);
  const cases = await caseSummaries(
    ctx,
    org,
    rows.flatMap((r) => (r.case_id === null ? [] : [r.case_id])),
  );
  const live = rows.filter((r) => r.state === 'running').map((r) => r.id);
  const open = new Map(
    (await spansOf(ctx.db, dialect, org, live)).filter((s) => s.ended_at === null).map((s) => [s.entry_id, s]),
  );
  const now = wholeSecondsNow(ctx).getTime();
  const manager = isManager(actor);
  return rows.map((row) => {
    const span = open.get(row.id);
    return {
      id: row.id,
      task_id: row.task_id,
      task_title: tasks.get(row.task_id)?.title ?? '',
      user_id: row.user_id,
      user_name: names.get(row.user_id) ?? '',
      case_id: row.case_id,
      case_title: row.case_id === null ? null : (cases.get(row.case_id)?.title ?? null),
      state: row.state as TimeEntry['state'],
      date: row.date,
      seconds: row.seconds + (span ? secondsBetween(span.started_at, now) : 0),
      billable: row.billable === 1,
      activity_type: row.activity_type as ActivityType,
      note: row.note,
      source: row.source as TimeEntry['source'],
      flagged: row.flagged === 1,
      approved: row.approved_at !== null,
      approved_by_name: row.approved_by === null ? null : (names.get(row.approved_by) ?? null),
      approved_at: row.approved_at,
      created_at: row.created_at,
      can_edit: (manager || row.user_id === actor.userId) && row.approved_at === null && row.state === 'stopped',
    };
  });
}

/** Time entries: typed by hand, edited, deleted, approved (locked). A user sees and changes their own. */
export function timeEntriesService(ctx: AppContext) {
  const dialect = dialectOf(ctx);
  /** An entry the actor sees (own, or any of the organisation for staff), or 404. */
  const visibleEntry = async (actor: Actor, id: number) => {
    const entry = await findEntry(ctx.db, actor.organisationId, id);
    if (!entry || (!isManager(actor) && entry.user_id !== actor.userId)) throw notFound();
    return entry;
  };
  /** An entry the actor may change: not on an invoice, not approved (locked) and not a timer still going. */
  const changeableEntry = async (actor: Actor, id: number) => {
    const entry = await visibleEntry(actor, id);
    // Billed entries are approved too: the invoice's reason says more than "approved".
    await refuseIfHeld(ctx, 'timeEntries', actor.organisationId, [id]);
    if (entry.approved_at !== null) throw conflict(M.entryLocked);
    if (entry.state !== 'stopped') throw conflict(M.entryRunning);
    return entry;
  };
  const saved = async (actor: Actor, id: number, detail: string): Promise<TimeEntrySaved> => ({
    detail,
    entry: (await toEntries(ctx, actor, [await visibleEntry(actor, id)]))[0]!,
  });

  return {
    /** GET time-entry/. */
    async list(actor: Actor, query: TimeEntryListQuery): Promise<TimeEntryList> {
      const userId = isManager(actor) ? query.user_id : actor.userId;
      const { rows, count, seconds } = await listEntries(
        ctx.db,
        dialect,
        actor.organisationId,
        {
          ...(userId === undefined ? {} : { userId }),
          ...(query.task_id === undefined ? {} : { taskId: query.task_id }),
          ...(query.case_id === undefined ? {} : { caseId: query.case_id }),
          ...(query.from === undefined ? {} : { from: query.from }),
          ...(query.to === undefined ? {} : { to: query.to }),
          ...(query.approved === undefined ? {} : { approved: query.approved }),
        },
        { offset: (query.page_no - 1) * query.limits, limit: query.limits },
      );
      const data = await toEntries(ctx, actor, rows);
      return { count, total_seconds: seconds, data, page: pageInfoOf(query, count) };
    },

    /** POST time-entry/: time typed by hand ('1h20m', '1:20', '1.33h'), counted on its date. */
    async add(actor: Actor, body: TimeEntryBody): Promise<TimeEntrySaved> {
      const task = await visibleTask(ctx, actor, body.task_id);
      const seconds = secondsOf(body.duration);
      const id = await inTransaction(ctx, async (tx) => {
        const at = nowIso(tx);
        const id = await insertEntry(tx.db, {
          organisation_id: actor.organisationId,
          task_id: task.id,
          user_id: actor.userId,
          case_id: task.case_id,
          state: 'stopped',
          date: body.date,
          seconds,
          billable: body.billable ? 1 : 0,
          activity_type: body.activity_type,
          note: body.note,
          source: 'manual',
          last_activity_at: null,
          flagged: 0,
          approved_by: null,
          approved_at: null,
          created_at: at,
          updated_at: at,
        });
        await auditService(tx).record(actor, 'task', task.id, 'time.added', {
          entry_id: id,
          seconds,
        });
        return id;
      });
      return saved(actor, id, M.entryAdded);
    },

    /** PUT time-entry/{time_entry_id}/: a new duration replaces a timer's spans (then it counts on its date). */
    async update(actor: Actor, id: number, body: TimeEntryUpdateBody): Promise<TimeEntrySaved> {
      const entry = await changeableEntry(actor, id);
      const seconds = body.duration === undefined ? undefined : secondsOf(body.duration);
      await inTransaction(ctx, async (tx) => {
        if (seconds !== undefined) await deleteSpansOf(tx.db, actor.organisationId, id);
        await updateEntry(tx.db, actor.organisationId, id, {
          ...(seconds === undefined ? {} : { seconds, flagged: 0 }),
          ...(body.date === undefined ? {} : { date: body.date }),
          ...(body.billable === undefined ? {} : { billable: body.billable ? 1 : 0 }),
          ...(body.activity_type === undefined ? {} : { activity_type: body.activity_type }),
          ...(body.note === undefined ? {} : { note: body.note }),
          updated_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'task', entry.task_id, 'time.updated', {
          entry_id: id,
          ...(seconds === undefined ? {} : { seconds }),
        });
      });
      return saved(actor, id, M.entryUpdated);
    },

    /** DELETE time-entry/{time_entry_id}/. */
    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      const entry = await changeableEntry(actor, id);
      await inTransaction(ctx, async (tx) => {
        await deleteEntry(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'task', entry.task_id, 'time.deleted', {
          entry_id: id,
          seconds: entry.seconds,
        });
      });
      return { detail: M.entryDeleted };
    },

    /** POST time-entry/approve/ (staff): approve (lock) stopped entries, or unlock them. */
    async approve(actor: Actor, body: TimeEntryApproveBody): Promise<TimeEntryApproved> {
      const ids = [...new Set(body.entry_ids)];
      const count = await inTransaction(ctx, async (tx) => {
        // An invoice draft billing one of them meanwhile either commits first (refused below) or waits.
        await lockEntries(tx.db, dialect, actor.organisationId, ids);
        const entries = await entriesWhere(tx.db, dialect, actor.organisationId, { entryIds: ids });
        if (entries.length !== ids.length) throw notFound();
        if (entries.some((e) => e.state !== 'stopped')) throw conflict(M.entryNotStopped);
        // Unlocking an entry an invoice bills would let it change under the invoice.
        if (!body.approved) await refuseIfHeld(tx, 'timeEntries', actor.organisationId, ids);
        const at = nowIso(tx);
        await setApproval(tx.db, dialect, actor.organisationId, ids, {
          approved_by: body.approved ? actor.userId : null,
          approved_at: body.approved ? at : null,
          updated_at: at,
        });
        const perTask = new Map<number, number>();
        for (const e of entries) perTask.set(e.task_id, (perTask.get(e.task_id) ?? 0) + 1);
        for (const [taskId, n] of perTask)
          await auditService(tx).record(actor, 'task', taskId, body.approved ? 'time.approved' : 'time.unapproved', {
            count: n,
          });
        return ids.length;
      });
      return { detail: body.approved ? M.entriesApproved(count) : M.entriesUnapproved(count), count };
    },
  };
}
