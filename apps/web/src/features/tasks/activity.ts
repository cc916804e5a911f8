import type { ActivityRow } from '@lexdesk/contract';
import dayjs from 'dayjs';

export interface Subtotal {
  seconds: number;
  billable_seconds: number;
}

export interface DayGroup extends Subtotal {
  date: string;
  rows: ActivityRow[];
}

export interface WeekGroup extends Subtotal {
  week_start: string;
  users: (Subtotal & { user_id: number; user_name: string })[];
}

const add = (total: Subtotal, row: ActivityRow) => {
  total.seconds += row.seconds;
  if (row.billable) total.billable_seconds += row.seconds;
};

/** The activity rows by day, newest first, each with its subtotal (the same seconds, so they add up exactly). */
export function groupByDay(rows: readonly ActivityRow[]): DayGroup[] {
  const days = new Map<string, DayGroup>();
  for (const row of rows) {
    let day = days.get(row.date);
    if (!day) days.set(row.date, (day = { date: row.date, rows: [], seconds: 0, billable_seconds: 0 }));
    day.rows.push(row);
    add(day, row);
  }
  return [...days.values()].sort((a, b) => b.date.localeCompare(a.date));
}

/** The activity rows by ISO week (newest first), with each user's total in the week (by name). */
export function groupByWeek(rows: readonly ActivityRow[]): WeekGroup[] {
  const weeks = new Map<string, WeekGroup & { byUser: Map<number, WeekGroup['users'][number]> }>();
  for (const row of rows) {
    let week = weeks.get(row.week_start);
    if (!week) {
      week = { week_start: row.week_start, users: [], seconds: 0, billable_seconds: 0, byUser: new Map() };
      weeks.set(row.week_start, week);
    }
    add(week, row);
    let user = week.byUser.get(row.user_id);
    if (!user) {
      user = { user_id: row.user_id, user_name: row.user_name, seconds: 0, billable_seconds: 0 };
      week.byUser.set(row.user_id, user);
    }
    add(user, row);
  }
  return [...weeks.values()]
    .sort((a, b) => b.week_start.localeCompare(a.week_start))
    .map(({ byUser, ...week }) => ({
      ...week,
      users: [...byUser.values()].sort((a, b) => a.user_name.localeCompare(b.user_name)),
    }));
}

/** The Monday (ISO week start) of a YYYY-MM-DD day. */
export function mondayOf(day: string): string {
  const date = dayjs(day);
  const back = (date.day() + 6) % 7;
  return date.subtract(back, 'day').format('YYYY-MM-DD');
}

/** The activity page's first range: four whole weeks, this one last (Monday three weeks ago to this Sunday). */
export function defaultRange(today: string): { from: string; to: string } {
  const monday = dayjs(mondayOf(today));
  return {
    from: monday.subtract(21, 'day').format('YYYY-MM-DD'),
    to: monday.add(6, 'day').format('YYYY-MM-DD'),
  };
}

/** Hours with two decimals for the charts' axes and tables (4800 s → 1.33). */
export const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
