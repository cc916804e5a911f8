import {
  TASK_LIMITS as L,
  type ActivityRow,
  type ActivityType,
  type TaskActivity,
  type TaskActivityQuery,
  type TaskEvent,
  type TimeTotal,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { actorWords, describeAuditEvents } from '../../platform/audit/audit-sentences.ts';
import type { AppContext } from '../../platform/context.ts';
import { dialectOf } from '../../db/dialect.ts';
import { auditVocabularyOf } from '../../platform/modules/lifecycle.ts';
import { caseSummaries } from '../cases/index.ts';
import { isManager } from './task-access.ts';
import { taskBriefs } from './tasks.repo.ts';
import { entriesInRange, spansOf, taskEvents, taskIdsOfCase } from './time.repo.ts';
import { wholeSecondsNow } from './timer-clock.ts';
import { addDays, splitByDay, startOfDay, weekStartOf } from './time-zones.ts';
import { usersService } from '../users/index.ts';

export interface RowFilter {
  userId?: number;
  caseId?: number;
  taskId?: number;
}

/**
 * The time of the entries in [from, to] as rows of one entry on one day of `tz`: a timer's spans are cut at
 * the zone's midnights (a running one up to now), typed time counts whole on its date. Every total of the
 * activity screen and the dashboards is a sum of these rows.
 */
export async function timeRows(
  ctx: AppContext,
  organisationId: number,
  range: { from: string; to: string; tz: string },
  filter: RowFilter,
): Promise<ActivityRow[]> {
  const fromMs = startOfDay(range.tz, range.from);
  const toMs = startOfDay(range.tz, addDays(range.to, 1));
  const entries = await entriesInRange(
    ctx.db,
    organisationId,
    {
      fromDay: range.from,
      toDay: range.to,
      fromIso: new Date(fromMs).toISOString(),
      toIso: new Date(toMs).toISOString(),
    },
    filter,
  );
  const dialect = dialectOf(ctx);
  const spans = await spansOf(
    ctx.db,
    dialect,
    organisationId,
    entries.map((e) => e.id),
  );
  const spansBy = new Map<number, typeof spans>();
  for (const span of spans) spansBy.set(span.entry_id, [...(spansBy.get(span.entry_id) ?? []), span]);
  const now = wholeSecondsNow(ctx).getTime();
  const tasks = await taskBriefs(
    ctx.db,
    dialect,
    organisationId,
    entries.map((e) => e.task_id),
  );
  const names = await usersService(ctx).namesIn(
    organisationId,
    entries.map((e) => e.user_id),
  );
  const cases = await caseSummaries(
    ctx,
    organisationId,
    entries.flatMap((e) => (e.case_id === null ? [] : [e.case_id])),
  );
  const rows: ActivityRow[] = [];
  for (const entry of entries) {
    const perDay = new Map<string, number>();
    const own = spansBy.get(entry.id);
    if (own && own.length > 0) {
      for (const span of own) {
        const start = Math.max(Date.parse(span.started_at), fromMs);
        const end = Math.min(span.ended_at ? Date.parse(span.ended_at) : now, toMs);
        for (const piece of splitByDay(range.tz, start, end))
          perDay.set(piece.date, (perDay.get(piece.date) ?? 0) + piece.seconds);
      }
    } else if (entry.date >= range.from && entry.date <= range.to) {
      perDay.set(entry.date, entry.seconds);
    }
    for (const [date, seconds] of perDay) {
      if (seconds <= 0) continue;
      rows.push({
        entry_id: entry.id,
        date,
        week_start: weekStartOf(date),
        user_id: entry.user_id,
        user_name: names.get(entry.user_id) ?? '',
        task_id: entry.task_id,
        task_title: tasks.get(entry.task_id)?.title ?? '',
        case_id: entry.case_id,
        case_title: entry.case_id === null ? null : (cases.get(entry.case_id)?.title ?? null),
        activity_type: entry.activity_type as ActivityType,
        billable: entry.billable === 1,
        approved: entry.approved_at !== null,
        source: entry.source as ActivityRow['source'],
        note: entry.note,
        seconds,
      });
    }
  }
  rows.sort(
    (a, b) => a.date.localeCompare(b.date) || a.user_name.localeCompare(b.user_name) || a.entry_id - b.entry_id,
  );
  return rows;
}

/** Sums of rows grouped by `key`, in first-seen order (rows come sorted by day). */
export function totalsBy<K>(rows: readonly ActivityRow[], key: (row: ActivityRow) => K): Map<K, TimeTotal> {
  const totals = new Map<K, TimeTotal>();
  for (const row of rows) {
    const k = key(row);
    const t = totals.get(k) ?? { seconds: 0, billable_seconds: 0 };
    t.seconds += row.seconds;
    if (row.billable) t.billable_seconds += row.seconds;
    totals.set(k, t);
  }
  return totals;
}

export const totalOf = (rows: readonly ActivityRow[]): TimeTotal =>
  totalsBy(rows, () => 'all').get('all') ?? { seconds: 0, billable_seconds: 0 };

/** What a caller's activity covers: staff everyone's time (or `user_id`'s), a user their own. */
export function activityFilter(
  actor: Actor,
  query: { user_id?: number; case_id?: number; task_id?: number },
): RowFilter {
  const userId = isManager(actor) ? query.user_id : actor.userId;
  return {
    ...(userId === undefined ? {} : { userId }),
    ...(query.case_id === undefined ? {} : { caseId: query.case_id }),
    ...(query.task_id === undefined ? {} : { taskId: query.task_id }),
  };
}

/** GET task-activity/: the tasks' events (every member reads every task) and the caller's time rows with totals. */
export function activityService(ctx: AppContext) {
  const events = async (actor: Actor, query: TaskActivityQuery): Promise<TaskEvent[]> => {
    const org = actor.organisationId;
    let taskIds: number[] | null = null;
    if (query.case_id !== undefined) taskIds = await taskIdsOfCase(ctx.db, org, query.case_id);
    if (query.task_id !== undefined) taskIds = taskIds ? taskIds.filter((id) => id === query.task_id) : [query.task_id];
    const rows = await taskEvents(
      ctx.db,
      org,
      {
        fromIso: new Date(startOfDay(query.tz, query.from)).toISOString(),
        toIso: new Date(startOfDay(query.tz, addDays(query.to, 1))).toISOString(),
      },
      { ...(query.user_id === undefined ? {} : { userId: query.user_id }), taskIds },
      L.activityEvents,
    );
    const names = await usersService(ctx).namesIn(
      org,
      rows.map((r) => r.actor_user_id),
    );
    const titles = await taskBriefs(
      ctx.db,
      dialectOf(ctx),
      org,
      rows.flatMap((r) => (r.entity_id === null ? [] : [r.entity_id])),
    );
    const readable = rows.map((row) => ({
      organisationId: org,
      entity: row.entity,
      entityId: row.entity_id,
      action: row.action,
      actor: actorWords(row.actor_user_id, row.actor_user_id === null ? null : (names.get(row.actor_user_id) ?? null)),
      actorId: row.actor_user_id,
      changes: JSON.parse(row.changes) as Record<string, unknown>,
    }));
    const sentences = await describeAuditEvents(ctx.db, auditVocabularyOf(ctx.modules), readable);
    // A deleted task's title is gone with it (events keep ids only): its events read "a deleted task".
    return rows.map((row, index) => ({
      id: row.id,
      at: row.created_at,
      user_id: row.actor_user_id,
      user_name: row.actor_user_id === null ? null : (names.get(row.actor_user_id) ?? null),
      task_id: row.entity_id,
      task_title: (row.entity_id === null ? null : titles.get(row.entity_id)?.title) ?? null,
      action: row.action,
      text: sentences[index] ?? '',
    }));
  };

  return {
    async activity(actor: Actor, query: TaskActivityQuery): Promise<TaskActivity> {
      const rows = await timeRows(ctx, actor.organisationId, query, activityFilter(actor, query));
      const byUser = totalsBy(rows, (r) => r.user_id);
      const byCase = totalsBy(rows, (r) => r.case_id);
      const userName = new Map(rows.map((r) => [r.user_id, r.user_name]));
      const caseTitle = new Map(rows.map((r) => [r.case_id, r.case_title]));
      return {
        from: query.from,
        to: query.to,
        tz: query.tz,
        events: await events(actor, query),
        rows,
        by_day: [...totalsBy(rows, (r) => r.date)].map(([date, t]) => ({ date, ...t })),
        by_week: [...totalsBy(rows, (r) => r.week_start)].map(([week_start, t]) => ({ week_start, ...t })),
        by_user: [...byUser]
          .map(([user_id, t]) => ({ user_id, user_name: userName.get(user_id) ?? '', ...t }))
          .sort((a, b) => a.user_name.localeCompare(b.user_name)),
        by_case: [...byCase]
          .map(([case_id, t]) => ({ case_id, case_title: caseTitle.get(case_id) ?? null, ...t }))
          .sort((a, b) => b.seconds - a.seconds),
        total: totalOf(rows),
      };
    },
  };
}
