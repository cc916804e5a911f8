import {
  taskMessages as M,
  TASK_TIMER_MAX_SECONDS,
  type NotificationListResponse,
  type OngoingTimer,
  type TaskSettingsSaved,
  type TimeEntryList,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { stopOverlongTimers } from './timer.service.ts';
import { createTask, freshUser, ongoing, problem, timerCall, tokensOf } from './task-test-helpers.ts';

describeEachDatabase('tasks: the server keeps the timer', (h) => {
  const entriesOf = async (token: string) =>
    (await h().request('GET', '/api/time-entry/', { token, query: { limits: 50 } })).json<TimeEntryList>().data;

  it('starts, pauses, resumes and stops; two sessions of the user see the same time', async () => {
    const me = await freshUser(h());
    const second = (await h().login(me.email, me.password)).access;
    const task = await createTask(h(), me.token, { title: 'A task whose name is longer than thirty characters' });
    expect(await ongoing(h(), me.token)).toMatchObject({ task_id: null, timer_seconds: 0, state: null });
    const started = await timerCall(h(), me.token, `/api/task/${task}/timer/start/`, { tz: 'Europe/London' });
    expect(started).toMatchObject({ detail: M.timerStarted, stopped_entry_id: null });
    expect(started.timer).toMatchObject({ task_id: task, state: 'running', timer_seconds: 0, task_created_by: me.id });
    h().clock.advance({ minutes: 25 });
    const [one, two] = [await ongoing(h(), me.token), await ongoing(h(), second)];
    expect(one.timer_seconds).toBe(1500);
    expect(two).toEqual(one);
    expect(one.task_name).toBe('A task whose name is longer than thirty characters');

    expect((await timerCall(h(), me.token, '/api/task/timer/pause/')).timer).toMatchObject({ state: 'paused' });
    h().clock.advance({ hours: 3 });
    // Sessions end after an hour without requests (spec 01 §4): the user signs in again.
    me.token = (await h().login(me.email, me.password)).access;
    expect((await ongoing(h(), me.token)).timer_seconds).toBe(1500);
    expect((await timerCall(h(), me.token, '/api/task/timer/resume/')).detail).toBe(M.timerResumed);
    h().clock.advance({ minutes: 5 });
    // A running entry's time is counted up to the answer (screens tick on from there).
    expect((await ongoing(h(), me.token)).timer_seconds).toBe(1800);
    expect((await entriesOf(me.token))[0]?.seconds).toBe(1800);
    const stopped = await timerCall(h(), me.token, '/api/task/timer/stop/', {
      note: 'Drafted the reply',
      billable: false,
      activity_type: 'Drafting',
    });
    expect(stopped.timer.task_id).toBeNull();
    const [entry] = await entriesOf(me.token);
    expect(entry).toMatchObject({
      id: stopped.stopped_entry_id,
      seconds: 1800,
      state: 'stopped',
      source: 'timer',
      billable: false,
      activity_type: 'Drafting',
      note: 'Drafted the reply',
      date: '2026-03-02',
      flagged: false,
    });

    expect(await problem(await h().request('POST', '/api/task/timer/pause/', { token: me.token }), 409)).toBe(
      M.noTimer,
    );
    expect(await problem(await h().request('POST', '/api/task/timer/stop/', { token: me.token, body: {} }), 409)).toBe(
      M.noTimer,
    );
    await timerCall(h(), me.token, `/api/task/${task}/timer/start/`);
    expect(await problem(await h().request('POST', '/api/task/timer/resume/', { token: me.token }), 409)).toBe(
      M.timerNotPaused,
    );
  });

  it('starting another task stops the running timer first: one timer per user', async () => {
    const me = await freshUser(h());
    const [a, b] = [await createTask(h(), me.token), await createTask(h(), me.token)];
    const first = await timerCall(h(), me.token, `/api/task/${a}/timer/start/`);
    h().clock.advance({ minutes: 10 });
    // Starting the same task again changes nothing.
    expect((await timerCall(h(), me.token, `/api/task/${a}/timer/start/`)).timer.entry_id).toBe(first.timer.entry_id);
    const second = await timerCall(h(), me.token, `/api/task/${b}/timer/start/`);
    expect(second.stopped_entry_id).toBe(first.timer.entry_id);
    expect(second.timer).toMatchObject({ task_id: b, timer_seconds: 0 });
    const entries = await entriesOf(me.token);
    expect(entries.find((e) => e.id === first.timer.entry_id)).toMatchObject({ state: 'stopped', seconds: 600 });
    expect(entries.filter((e) => e.state !== 'stopped')).toHaveLength(1);
  });

  it('50 concurrent starts of one user leave exactly one timer running', async () => {
    const me = await freshUser(h());
    const tasks: number[] = [];
    for (let i = 0; i < 10; i += 1) tasks.push(await createTask(h(), me.token));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h().request('POST', `/api/task/${tasks[i % tasks.length]}/timer/start/`, { token: me.token, body: {} }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const { rows } = await h()
      .database.db.selectFrom('time_entries')
      .select(['state'])
      .where('user_id', '=', me.id)
      .where('state', '<>', 'stopped')
      .execute()
      .then((rows) => ({ rows }));
    expect(rows).toHaveLength(1);
    const timer = await ongoing(h(), me.token);
    expect(timer.state).toBe('running');
    // The database itself refuses a second timer of the user (the partial unique index).
    const [row] = await h()
      .database.db.selectFrom('time_entries')
      .selectAll()
      .where('id', '=', timer.entry_id!)
      .execute();
    const { id: _id, ...copy } = row!;
    await expect(
      h()
        .database.db.insertInto('time_entries')
        .values({ ...copy, state: 'paused' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      h()
        .database.db.insertInto('time_entries')
        .values({ ...copy, state: 'stopped' })
        .execute(),
    ).resolves.toBeDefined();
  });

  it('survives a restart: a new server on the same database finds the timer running, on time', async () => {
    const me = await freshUser(h());
    const task = await createTask(h(), me.token);
    const before = await h().extraApp();
    const start = await before.inject({
      method: 'POST',
      url: `/api/task/${task}/timer/start/`,
      headers: { authorization: `Bearer ${me.token}` },
      payload: {},
    });
    expect(start.statusCode, start.body).toBe(200);
    await before.close();
    h().clock.advance({ minutes: 90 });
    me.token = (await h().login(me.email, me.password)).access;
    const after = await h().extraApp();
    const res = await after.inject({
      method: 'GET',
      url: '/api/task/ongoing-timer/',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const timer = res.json<OngoingTimer>();
    expect(timer).toMatchObject({ task_id: task, state: 'running' });
    expect(Math.abs(timer.timer_seconds - 90 * 60)).toBeLessThanOrEqual(1);
  });

  it('stops a timer at 12 hours of running time and flags it: on the next read, or by the hourly sweep', async () => {
    const me = await freshUser(h());
    const task = await createTask(h(), me.token, { title: 'Forgotten' });
    await timerCall(h(), me.token, `/api/task/${task}/timer/start/`);
    const again = async () => {
      me.token = (await h().login(me.email, me.password)).access;
    };
    h().clock.advance({ hours: 2 });
    await again();
    await timerCall(h(), me.token, '/api/task/timer/pause/');
    h().clock.advance({ hours: 5 });
    await again();
    await timerCall(h(), me.token, '/api/task/timer/resume/');
    h().clock.advance({ hours: 11 });
    await again();
    expect((await ongoing(h(), me.token)).task_id).toBeNull();
    const [entry] = await entriesOf(me.token);
    expect(entry).toMatchObject({ state: 'stopped', seconds: TASK_TIMER_MAX_SECONDS, flagged: true });
    const spans = await h()
      .database.db.selectFrom('time_entry_spans')
      .select(['started_at', 'ended_at'])
      .where('entry_id', '=', entry!.id)
      .orderBy('started_at')
      .execute();
    expect(spans.map((s) => s.ended_at)).toEqual(['2026-03-02T11:00:00.000Z', '2026-03-03T02:00:00.000Z']);
    const notes = await h().request('GET', `/api/notification/${me.id}/`, { token: me.token });
    expect(notes.json<NotificationListResponse>().notifications[0]).toMatchObject({
      type: 'task',
      task_id: task,
      text: M.timerAutoStopped('Forgotten'),
    });

    // The sweep stops a timer nobody reads.
    const other = await freshUser(h());
    const otherTask = await createTask(h(), other.token);
    await timerCall(h(), other.token, `/api/task/${otherTask}/timer/start/`);
    h().clock.advance({ hours: 12, minutes: 30 });
    expect(await stopOverlongTimers(h().ctx)).toBeGreaterThanOrEqual(1);
    const row = await h()
      .database.db.selectFrom('time_entries')
      .select(['state', 'seconds', 'flagged'])
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'stopped', seconds: TASK_TIMER_MAX_SECONDS, flagged: 1 });
  });

  it('asks about idle time past the limit: keep, discard or stop at the last activity', async () => {
    const { admin, user } = await tokensOf(h());
    const bad = (body: object) => h().request('PUT', '/api/task-settings/', { token: admin, body });
    expect(await problem(await bad({ idle_minutes: 0, billing_increment_minutes: 6 }))).toBe(M.idleMinutesRange);
    expect(await problem(await bad({ idle_minutes: 5, billing_increment_minutes: 61 }))).toBe(M.billingIncrementRange);
    expect((await h().request('PUT', '/api/task-settings/', { token: user, body: {} })).statusCode).toBe(403);
    const saved = await h().request('PUT', '/api/task-settings/', {
      token: admin,
      body: { idle_minutes: 1, billing_increment_minutes: 6 },
    });
    expect(saved.json<TaskSettingsSaved>()).toEqual({
      detail: M.settingsSaved,
      settings: { idle_minutes: 1, billing_increment_minutes: 6 },
    });
    expect((await h().request('GET', '/api/task-settings/', { token: admin })).json()).toMatchObject({
      idle_minutes: 1,
    });

    const me = await freshUser(h());
    const task = await createTask(h(), me.token);
    await timerCall(h(), me.token, `/api/task/${task}/timer/start/`);
    h().clock.advance({ minutes: 3 });
    expect(await ongoing(h(), me.token)).toMatchObject({ idle_seconds: 180, idle_limit_seconds: 60 });
    expect((await timerCall(h(), me.token, '/api/task/timer/activity/')).timer.idle_seconds).toBe(0);
    h().clock.advance({ minutes: 5 });
    expect((await ongoing(h(), me.token)).idle_seconds).toBe(300);
    const discarded = await timerCall(h(), me.token, '/api/task/timer/idle/', { action: 'discard' });
    expect(discarded).toMatchObject({ detail: M.idleDiscarded, timer: { timer_seconds: 180, idle_seconds: 0 } });
    h().clock.advance({ minutes: 4 });
    const kept = await timerCall(h(), me.token, '/api/task/timer/idle/', { action: 'keep' });
    expect(kept).toMatchObject({ detail: M.idleKept, timer: { timer_seconds: 420, idle_seconds: 0 } });
    h().clock.advance({ minutes: 10 });
    const stopped = await timerCall(h(), me.token, '/api/task/timer/idle/', { action: 'stop' });
    expect(stopped.detail).toBe(M.idleStopped);
    expect((await entriesOf(me.token))[0]).toMatchObject({ id: stopped.stopped_entry_id, seconds: 420 });

    const invalid = await h().request('POST', '/api/task/timer/idle/', { token: me.token, body: { action: 'nap' } });
    expect(await problem(invalid)).toBe(M.selectIdleAction);
    await timerCall(h(), me.token, `/api/task/${task}/timer/start/`);
    await timerCall(h(), me.token, '/api/task/timer/pause/');
    const paused = await h().request('POST', '/api/task/timer/idle/', { token: me.token, body: { action: 'keep' } });
    expect(await problem(paused, 409)).toBe(M.timerNotRunning);
    await h().request('PUT', '/api/task-settings/', {
      token: admin,
      body: { idle_minutes: 10, billing_increment_minutes: 6 },
    });
  });
});
