import { taskMessages as M, type TimeEntryApproved, type TimeEntryList, type TimeEntrySaved } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createTask, freshUser, problem, timerCall, tokensOf } from './task-test-helpers.ts';

describeEachDatabase('tasks: time entries typed by hand, edited, approved', (h) => {
  it('adds time typed as 1h20m, 1:20 or 1.33h, and refuses what it cannot read', async () => {
    const me = await freshUser(h());
    const task = await createTask(h(), me.token);
    const add = (body: object) =>
      h().request('POST', '/api/time-entry/', {
        token: me.token,
        body: { task_id: task, date: '2026-03-02', ...body },
      });
    for (const [duration, seconds] of [
      ['1h20m', 4800],
      ['1:20', 4800],
      ['1.33h', 4788],
      ['45m', 2700],
      ['2h', 7200],
    ] as const) {
      const res = await add({ duration });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<TimeEntrySaved>()).toMatchObject({
        detail: M.entryAdded,
        entry: { seconds, source: 'manual', state: 'stopped', billable: true, activity_type: 'Other', can_edit: true },
      });
    }
    expect(await problem(await add({ duration: '' }))).toBe(M.durationRequired);
    expect(await problem(await add({ duration: 'soon' }))).toBe(M.durationInvalid);
    expect(await problem(await add({ duration: '25h' }))).toBe(M.durationTooLong);
    expect(await problem(await add({ duration: '1h', date: '2026-13-01' }))).toBe(M.invalidDate);
    expect(await problem(await add({ duration: '1h', activity_type: 'Golf' }))).toBe(M.selectActivityType);
    expect(await problem(await add({ duration: '1h', note: 'x'.repeat(2001) }))).toBe(M.noteTooLong);
    const unknown = await h().request('POST', '/api/time-entry/', {
      token: me.token,
      body: { task_id: 999999, duration: '1h', date: '2026-03-02' },
    });
    expect(unknown.statusCode).toBe(404);
    const list = (
      await h().request('GET', '/api/time-entry/', { token: me.token, query: { task_id: task } })
    ).json<TimeEntryList>();
    expect(list.count).toBe(5);
    expect(list.total_seconds).toBe(4800 + 4800 + 4788 + 2700 + 7200);
  });

  it('lets a user change their own entries, staff anyone’s, and approval locks them', async () => {
    const { admin } = await tokensOf(h());
    const me = await freshUser(h());
    const colleague = await freshUser(h());
    const task = await createTask(h(), admin, { assignee_ids: [me.id] });
    const added = await h().request('POST', '/api/time-entry/', {
      token: me.token,
      body: { task_id: task, duration: '1h', date: '2026-03-02', activity_type: 'Research' },
    });
    const id = added.json<TimeEntrySaved>().entry.id;
    // A colleague neither sees nor changes it; their list holds only their own entries.
    expect(
      (await h().request('PUT', `/api/time-entry/${id}/`, { token: colleague.token, body: { note: 'x' } })).statusCode,
    ).toBe(404);
    const theirs = await h().request('GET', '/api/time-entry/', { token: colleague.token, query: { user_id: me.id } });
    expect(theirs.json<TimeEntryList>().count).toBe(0);
    const edited = await h().request('PUT', `/api/time-entry/${id}/`, {
      token: me.token,
      body: { duration: '1:30', note: 'Case law search', billable: false },
    });
    expect(edited.json<TimeEntrySaved>()).toMatchObject({
      detail: M.entryUpdated,
      entry: { seconds: 5400, note: 'Case law search', billable: false },
    });
    const byAdmin = await h().request('PUT', `/api/time-entry/${id}/`, { token: admin, body: { date: '2026-03-01' } });
    expect(byAdmin.json<TimeEntrySaved>().entry.date).toBe('2026-03-01');

    // Only staff approve; an approved entry is locked until staff unlock it.
    const approve = (token: string, body: object) => h().request('POST', '/api/time-entry/approve/', { token, body });
    expect((await approve(me.token, { entry_ids: [id] })).statusCode).toBe(403);
    expect(await problem(await approve(admin, { entry_ids: [] }))).toBe(M.entriesRequired);
    expect((await approve(admin, { entry_ids: [999999] })).statusCode).toBe(404);
    const approved = await approve(admin, { entry_ids: [id] });
    expect(approved.json<TimeEntryApproved>()).toEqual({ detail: M.entriesApproved(1), count: 1 });
    const locked = await h().request('PUT', `/api/time-entry/${id}/`, { token: me.token, body: { note: 'later' } });
    expect(await problem(locked, 409)).toBe(M.entryLocked);
    expect(await problem(await h().request('DELETE', `/api/time-entry/${id}/`, { token: admin }), 409)).toBe(
      M.entryLocked,
    );
    const list = await h().request('GET', '/api/time-entry/', {
      token: admin,
      query: { user_id: me.id, approved: 'true' },
    });
    expect(list.json<TimeEntryList>().data[0]).toMatchObject({ id, approved: true, can_edit: false });
    expect((await approve(admin, { entry_ids: [id], approved: false })).json<TimeEntryApproved>().detail).toBe(
      M.entriesUnapproved(1),
    );
    expect((await h().request('DELETE', `/api/time-entry/${id}/`, { token: me.token })).json()).toEqual({
      detail: M.entryDeleted,
    });

    // A running timer is neither approved nor edited.
    const timer = await timerCall(h(), me.token, `/api/task/${task}/timer/start/`);
    expect(await problem(await approve(admin, { entry_ids: [timer.timer.entry_id] }), 409)).toBe(M.entryNotStopped);
    const running = await h().request('PUT', `/api/time-entry/${timer.timer.entry_id}/`, {
      token: me.token,
      body: { note: 'x' },
    });
    expect(await problem(running, 409)).toBe(M.entryRunning);
  });
});
