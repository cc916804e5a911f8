import { describe, expect, it } from 'vitest';
import { userWeekSeries, userWeekSummary } from './dashboardData.ts';

const dashboard = {
  weeks: ['2026-03-02', '2026-03-09'],
  hours_per_user: [
    { user_id: 1, user_name: 'Ann', week_start: '2026-03-02', billable_seconds: 3600, non_billable_seconds: 1800 },
    { user_id: 2, user_name: 'Bob', week_start: '2026-03-09', billable_seconds: 7200, non_billable_seconds: 0 },
  ],
  total: { seconds: 12_600, billable_seconds: 10_800 },
};

describe('the organisation dashboard’s weekly chart', () => {
  it('makes one point per week with each user’s billable and non-billable hours, busiest user first', () => {
    const { users, points } = userWeekSeries(dashboard);
    expect(users.map((u) => u.name)).toEqual(['Bob', 'Ann']);
    expect(points).toEqual([
      { week: '2026-03-02', b2: 0, n2: 0, b1: 1, n1: 0.5 },
      { week: '2026-03-09', b2: 2, n2: 0, b1: 0, n1: 0 },
    ]);
  });

  it('sums it up in a sentence', () => {
    expect(userWeekSummary(dashboard)).toBe('3h 30m recorded in 2 weeks, 3h billable; most by Bob (2h).');
    expect(userWeekSummary({ ...dashboard, hours_per_user: [], total: { seconds: 0, billable_seconds: 0 } })).toBe(
      'No time recorded in the last 2 weeks.',
    );
  });
});
