import { taskMessages as M, type MyDashboard, type OrganisationDashboard, type TaskActivity } from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createTask, freshUser, problem, timerCall, tokensOf } from './task-test-helpers.ts';

const sum = (values: readonly { seconds: number }[]) => values.reduce((total, v) => total + v.seconds, 0);

describeEachDatabase('tasks: activity, exports and dashboards', (h) => {
  /** A user with a timer from 22:30 to 01:15 UTC across midnight and 45 minutes typed (not billable). */
  const acrossMidnight = async () => {
    const { admin } = await tokensOf(h());
    const me = await freshUser(h());
    const task = await createTask(h(), admin, { title: 'Night work', assignee_ids: [me.id], due_date: '2026-03-01' });
    h().clock.set(new Date('2026-03-02T22:30:00.000Z'));
    me.token = (await h().login(me.email, me.password)).access;
    await timerCall(h(), me.token, `/api/task/${task}/timer/start/`, { tz: 'Europe/Berlin' });
    h().clock.set(new Date('2026-03-03T01:15:00.000Z'));
    me.token = (await h().login(me.email, me.password)).access;
    await timerCall(h(), me.token, '/api/task/timer/stop/');
    const typed = await h().request('POST', '/api/time-entry/', {
      token: me.token,
      body: { task_id: task, duration: '45m', date: '2026-03-03', billable: false },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    return { me, task, admin: (await tokensOf(h())).admin };
  };

  const activityOf = async (token: string, query: Record<string, string | number>) => {
    const res = await h().request('GET', '/api/task-activity/', { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TaskActivity>();
  };

  it('splits an entry across midnight by day in the caller’s zone; every total adds up to the rows', async () => {
    const { me, task } = await acrossMidnight();
    const range = { from: '2026-03-02', to: '2026-03-03', task_id: task };
    const perDay = async (tz: string) =>
      (await activityOf(me.token, { ...range, tz })).rows.map((r) => [r.date, r.seconds, r.source]);
    expect(await perDay('UTC')).toEqual([
      ['2026-03-02', 5400, 'timer'],
      ['2026-03-03', 4500, 'timer'],
      ['2026-03-03', 2700, 'manual'],
    ]);
    expect(await perDay('Europe/Berlin')).toEqual([
      ['2026-03-02', 1800, 'timer'],
      ['2026-03-03', 8100, 'timer'],
      ['2026-03-03', 2700, 'manual'],
    ]);
    expect(await perDay('Asia/Kolkata')).toEqual([
      ['2026-03-03', 9900, 'timer'],
      ['2026-03-03', 2700, 'manual'],
    ]);
    const activity = await activityOf(me.token, { ...range, tz: 'America/New_York' });
    const total = sum(activity.rows);
    expect(total).toBe(9900 + 2700);
    for (const group of [activity.by_day, activity.by_week, activity.by_user, activity.by_case])
      expect(sum(group)).toBe(total);
    expect(activity.total).toEqual({ seconds: total, billable_seconds: 9900 });
    expect(activity.by_user).toEqual([
      { user_id: me.id, user_name: 'Test Person', seconds: total, billable_seconds: 9900 },
    ]);
    expect(activity.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['timer.started', 'timer.stopped', 'time.added']),
    );
    expect(activity.events.find((e) => e.action === 'timer.stopped')?.text).toBe(
      "Test Person stopped a timer on the task 'Night work' after 2h 45m",
    );
    // The task moves to a case: its time follows.
    const { admin } = await tokensOf(h());
    const caseRes = await h().request('POST', '/api/case/', {
      token: admin,
      body: { title: 'Night case', status: 'open' },
    });
    expect(caseRes.statusCode, caseRes.body).toBe(201);
    const caseId = caseRes.json<{ id: number }>().id;
    expect(
      (await h().request('PUT', `/api/task/${task}/`, { token: admin, body: { case_id: caseId } })).statusCode,
    ).toBe(200);
    const moved = await activityOf(me.token, { ...range, tz: 'UTC' });
    expect(moved.by_case).toEqual([
      { case_id: caseId, case_title: 'Night case', seconds: total, billable_seconds: 9900 },
    ]);
    // A user sees their own time only, whatever user_id they ask for.
    const { user } = await tokensOf(h());
    expect((await activityOf(user, { ...range, user_id: me.id })).rows).toEqual([]);

    const bad = (query: Record<string, string>) =>
      h().request('GET', '/api/task-activity/', { token: me.token, query });
    expect(await problem(await bad({ ...range, task_id: String(task), tz: 'Mars/Olympus' }))).toBe(M.unknownZone);
    expect(await problem(await bad({ from: '2026-03-04', to: '2026-03-03' }))).toBe(M.rangeOrder);
    expect(await problem(await bad({ from: '2025-01-01', to: '2026-03-03' }))).toBe(M.rangeTooLong);
  });

  it('exports the rows as .xlsx (with totals) and .csv', async () => {
    const { me, task } = await acrossMidnight();
    const query = { from: '2026-03-02', to: '2026-03-03', task_id: task, tz: 'UTC' };
    const csv = await h().request('GET', '/api/task-activity/export/', {
      token: me.token,
      query: { ...query, format: 'csv' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="task-activity-2026-03-02-2026-03-03.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Week,User,Task,Case,Activity type,Billable,Approved,Source,Note,Hours,Seconds');
    expect(lines.slice(1, -1)).toEqual([
      '2026-03-02,2026-03-02,Test Person,Night work,,Other,Yes,No,Timer,,1.5,5400',
      '2026-03-03,2026-03-02,Test Person,Night work,,Other,Yes,No,Timer,,1.25,4500',
      '2026-03-03,2026-03-02,Test Person,Night work,,Other,No,No,Typed,,0.75,2700',
    ]);
    const xlsx = await h().request('GET', '/api/task-activity/export/', { token: me.token, query });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Time', 'Totals']);
    const rows = workbook.getWorksheet('Time')?.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => row[12])).toEqual([5400, 4500, 2700]);
    const totals = workbook.getWorksheet('Totals')?.getSheetValues().slice(2) as unknown[][];
    expect(totals.at(-1)?.slice(1)).toEqual(['All', '', 3.5, 2.75, 12600, 9900]);
    const wrong = await h().request('GET', '/api/task-activity/export/', {
      token: me.token,
      query: { ...query, format: 'pdf' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('shows the dashboards, whose hours are the activity’s rows', async () => {
    const { me, admin } = await acrossMidnight();
    const tz = 'Europe/Berlin';
    const org = await h().request('GET', '/api/task-dashboard/organisation/', {
      token: admin,
      query: { weeks: 2, tz },
    });
    expect(org.statusCode, org.body).toBe(200);
    const dashboard = org.json<OrganisationDashboard>();
    expect(dashboard.weeks).toEqual(['2026-02-23', '2026-03-02']);
    const activity = await activityOf(admin, { from: dashboard.from, to: dashboard.to, tz });
    expect(dashboard.total).toEqual(activity.total);
    const hours = dashboard.hours_per_user.reduce((t, r) => t + r.billable_seconds + r.non_billable_seconds, 0);
    expect(hours).toBe(activity.total.seconds);
    expect(sum(dashboard.cases_by_time)).toBe(activity.total.seconds);
    const mine = dashboard.hours_per_user.filter((r) => r.user_id === me.id);
    expect(mine).toEqual([
      {
        user_id: me.id,
        user_name: 'Test Person',
        week_start: '2026-03-02',
        billable_seconds: 9900,
        non_billable_seconds: 2700,
      },
    ]);
    expect(dashboard.tasks_by_status.map((s) => s.status)).toEqual(['to_do', 'in_progress', 'done', 'cancelled']);
    expect(dashboard.overdue.map((t) => t.title)).toContain('Night work');
    expect(dashboard.overdue_count).toBeGreaterThanOrEqual(1);
    expect((await h().request('GET', '/api/task-dashboard/organisation/', { token: me.token })).statusCode).toBe(403);
    const weeks = await h().request('GET', '/api/task-dashboard/organisation/', { token: admin, query: { weeks: 27 } });
    expect(await problem(weeks)).toBe(M.weeksRange);

    const my = await h().request('GET', '/api/task-dashboard/me/', { token: me.token, query: { tz } });
    expect(my.statusCode, my.body).toBe(200);
    const me_ = my.json<MyDashboard>();
    expect(me_.today).toBe('2026-03-03');
    expect(me_.week.week_start).toBe('2026-03-02');
    expect(me_.week.days.map((d) => [d.date, d.seconds]).slice(0, 3)).toEqual([
      ['2026-03-02', 1800],
      ['2026-03-03', 10800],
      ['2026-03-04', 0],
    ]);
    const week = await activityOf(me.token, { from: '2026-03-02', to: '2026-03-08', tz });
    expect(me_.week.total).toEqual(week.total);
    expect(sum(me_.week.days)).toBe(week.total.seconds);
    expect(me_.tasks_due.map((t) => t.title)).toContain('Night work');
    expect(me_.timer.task_id).toBeNull();
  });
});
