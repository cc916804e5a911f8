import type { ActivityRow } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { defaultRange, groupByDay, groupByWeek, hours, mondayOf } from './activity.ts';

const row = (over: Partial<ActivityRow>): ActivityRow => ({
  entry_id: 1,
  date: '2026-03-02',
  week_start: '2026-03-02',
  user_id: 1,
  user_name: 'Ann',
  task_id: 1,
  task_title: 'T',
  case_id: null,
  case_title: null,
  activity_type: 'Other',
  billable: true,
  approved: false,
  source: 'manual',
  note: '',
  seconds: 600,
  ...over,
});

describe('the activity groupings', () => {
  const rows = [
    row({ seconds: 4800 }),
    // An entry across midnight: two rows, one per day, of the same entry.
    row({ entry_id: 2, date: '2026-03-03', seconds: 1800, billable: false }),
    row({ entry_id: 2, date: '2026-03-04', seconds: 900, billable: false }),
    row({ entry_id: 3, date: '2026-03-09', week_start: '2026-03-09', user_id: 2, user_name: 'Bob', seconds: 60 }),
  ];

  it('groups by day, newest first, and the subtotals add up to the rows', () => {
    const days = groupByDay(rows);
    expect(days.map((d) => d.date)).toEqual(['2026-03-09', '2026-03-04', '2026-03-03', '2026-03-02']);
    expect(days.reduce((sum, d) => sum + d.seconds, 0)).toBe(4800 + 1800 + 900 + 60);
    expect(days[1]).toMatchObject({ seconds: 900, billable_seconds: 0 });
  });

  it('groups by week with each user’s total', () => {
    const weeks = groupByWeek(rows);
    expect(weeks.map((w) => w.week_start)).toEqual(['2026-03-09', '2026-03-02']);
    expect(weeks[1]).toMatchObject({ seconds: 7500, billable_seconds: 4800 });
    expect(weeks[1]!.users).toEqual([{ user_id: 1, user_name: 'Ann', seconds: 7500, billable_seconds: 4800 }]);
    expect(weeks[0]!.users[0]!.user_name).toBe('Bob');
  });

  it('finds Mondays and the default four weeks', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(defaultRange('2026-03-04')).toEqual({ from: '2026-02-09', to: '2026-03-08' });
  });

  it('reads seconds as hours with two decimals', () => {
    expect(hours(4800)).toBe(1.33);
    expect(hours(5400)).toBe(1.5);
  });
});
