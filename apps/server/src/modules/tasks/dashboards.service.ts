import {
  TASK_STATUSES,
  type MyDashboard,
  type MyDashboardQuery,
  type OrganisationDashboard,
  type OrganisationDashboardQuery,
  type TaskListQuery,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { timeRows, totalOf, totalsBy } from './activity.service.ts';
import { toTaskRows } from './task-rows.ts';
import { countByStatus, listTasks } from './tasks.repo.ts';
import { timerService } from './timer.service.ts';
import { addDays, dayIn, weekStartOf } from './time-zones.ts';

const OVERDUE_SHOWN = 10;
const DUE_SHOWN = 20;
const DUE_AHEAD_DAYS = 14;

const listQuery = (overrides: Partial<TaskListQuery>): TaskListQuery => ({
  page_no: 1,
  limits: 10,
  scope: 'all',
  sort: 'due_date',
  order: 'asc',
  ...overrides,
});

/** The two dashboards: their hours are sums of the activity's rows (the same function, the same zone). */
export function dashboardsService(ctx: AppContext) {
  return {
    /** GET task-dashboard/organisation/ (staff). */
    async organisation(actor: Actor, query: OrganisationDashboardQuery): Promise<OrganisationDashboard> {
      const today = dayIn(query.tz, ctx.now().getTime());
      const thisWeek = weekStartOf(today);
      const from = addDays(thisWeek, -7 * (query.weeks - 1));
      const to = addDays(thisWeek, 6);
      const rows = await timeRows(ctx, actor.organisationId, { from, to, tz: query.tz }, {});
      const perUserWeek = totalsBy(rows, (r) => `${r.user_id}|${r.week_start}`);
      const userName = new Map(rows.map((r) => [r.user_id, r.user_name]));
      const caseTitle = new Map(rows.map((r) => [r.case_id, r.case_title]));
      const statuses = await countByStatus(ctx.db, actor.organisationId);
      const overdue = await listTasks(
        ctx.db,
        actor.organisationId,
        { query: listQuery({ due: 'overdue' }), userId: actor.userId, today },
        { offset: 0, limit: OVERDUE_SHOWN },
      );
      return {
        tz: query.tz,
        from,
        to,
        weeks: Array.from({ length: query.weeks }, (_, i) => addDays(from, 7 * i)),
        hours_per_user: [...perUserWeek]
          .map(([key, t]) => {
            const [user, week] = key.split('|') as [string, string];
            const user_id = Number(user);
            return {
              user_id,
              user_name: userName.get(user_id) ?? '',
              week_start: week,
              billable_seconds: t.billable_seconds,
              non_billable_seconds: t.seconds - t.billable_seconds,
            };
          })
          .sort((a, b) => a.week_start.localeCompare(b.week_start) || a.user_name.localeCompare(b.user_name)),
        tasks_by_status: TASK_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
        overdue: await toTaskRows(ctx, actor, overdue.rows),
        overdue_count: overdue.total,
        cases_by_time: [...totalsBy(rows, (r) => r.case_id)]
          .map(([case_id, t]) => ({ case_id, case_title: caseTitle.get(case_id) ?? null, ...t }))
          .sort((a, b) => b.seconds - a.seconds),
        total: totalOf(rows),
      };
    },

    /** GET task-dashboard/me/: my open tasks due (overdue first), my time this week by day, my timer. */
    async me(actor: Actor, query: MyDashboardQuery): Promise<MyDashboard> {
      const today = dayIn(query.tz, ctx.now().getTime());
      const weekStart = weekStartOf(today);
      const due = await listTasks(
        ctx.db,
        actor.organisationId,
        {
          query: listQuery({ scope: 'mine' }),
          userId: actor.userId,
          today,
          openOnly: true,
          dueUntil: addDays(today, DUE_AHEAD_DAYS),
        },
        { offset: 0, limit: DUE_SHOWN },
      );
      const rows = await timeRows(
        ctx,
        actor.organisationId,
        { from: weekStart, to: addDays(weekStart, 6), tz: query.tz },
        { userId: actor.userId },
      );
      const byDay = totalsBy(rows, (r) => r.date);
      return {
        tz: query.tz,
        today,
        tasks_due: await toTaskRows(ctx, actor, due.rows),
        week: {
          week_start: weekStart,
          days: Array.from({ length: 7 }, (_, i) => {
            const date = addDays(weekStart, i);
            return { date, ...(byDay.get(date) ?? { seconds: 0, billable_seconds: 0 }) };
          }),
          total: totalOf(rows),
        },
        timer: await timerService(ctx).ongoing(actor),
      };
    },
  };
}
