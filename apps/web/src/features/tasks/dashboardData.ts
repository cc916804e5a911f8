import { formatDuration, type OrganisationDashboard } from '@lexdesk/contract';
import { hours } from './activity.ts';

/** Users the weekly chart draws at most (all of them are in its table). */
export const CHART_USERS = 8;

export interface UserWeekSeries {
  users: { id: number; name: string; seconds: number }[];
  /** One point per week: `b<id>` billable and `n<id>` non-billable hours of each charted user. */
  points: Record<string, string | number>[];
}

/** Hours per user per week as recharts points, the busiest users first. */
export function userWeekSeries(dashboard: Pick<OrganisationDashboard, 'weeks' | 'hours_per_user'>): UserWeekSeries {
  const totals = new Map<number, { id: number; name: string; seconds: number }>();
  for (const row of dashboard.hours_per_user) {
    const user = totals.get(row.user_id) ?? { id: row.user_id, name: row.user_name, seconds: 0 };
    user.seconds += row.billable_seconds + row.non_billable_seconds;
    totals.set(row.user_id, user);
  }
  const users = [...totals.values()]
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name))
    .slice(0, CHART_USERS);
  const points = dashboard.weeks.map((week) => {
    const point: Record<string, string | number> = { week };
    for (const user of users) {
      const row = dashboard.hours_per_user.find((r) => r.user_id === user.id && r.week_start === week);
      point[`b${user.id}`] = hours(row?.billable_seconds ?? 0);
      point[`n${user.id}`] = hours(row?.non_billable_seconds ?? 0);
    }
    return point;
  });
  return { users, points };
}

/** The weekly chart in one sentence (its text alternative's summary). */
export function userWeekSummary(dashboard: Pick<OrganisationDashboard, 'weeks' | 'hours_per_user' | 'total'>): string {
  const { users } = userWeekSeries(dashboard);
  const { seconds, billable_seconds } = dashboard.total;
  if (seconds === 0) return `No time recorded in the last ${dashboard.weeks.length} weeks.`;
  const top = users[0];
  return (
    `${formatDuration(seconds)} recorded in ${dashboard.weeks.length} weeks, ${formatDuration(billable_seconds)} ` +
    `billable; most by ${top?.name ?? '—'} (${formatDuration(top?.seconds ?? 0)}).`
  );
}
