import {
  ERROR_CODES,
  sessionMessages,
  taskMessages as M,
  type ChecklistSaved,
  type CommentSaved,
  type NotificationListResponse,
  type TaskAssigneeOptions,
  type TaskAttachmentAdded,
  type TaskDetail,
  type TaskList,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import { DEMO_TASKS } from './tasks.seed.ts';
import { createTask, problem, seedTasks, tokensOf, uniqueTitle } from './task-test-helpers.ts';

describeEachDatabase('tasks: list, detail, create, edit, delete, parts', (h) => {
  it('seeds the demo tasks on the first demo case and lists them with filters and sorting', async () => {
    await seedTasks(h());
    const { user, admin } = await tokensOf(h());
    const all = await h().request('GET', '/api/task/', {
      token: user,
      query: { limits: 50, sort: 'title', order: 'asc' },
    });
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<TaskList>();
    expect(list.count).toBe(list.page.total_count);
    const titles = list.data.map((row) => row.title);
    for (const sample of DEMO_TASKS) expect(titles).toContain(sample.title);
    const reply = list.data.find((row) => row.title === DEMO_TASKS[0].title)!;
    expect(reply).toMatchObject({
      case_title: 'Harbour Logistics v Northwind Shipping',
      priority: 'high',
      status: 'in_progress',
      logged_seconds: 4800,
      created_by: h().ids.admin,
      assignees: [{ id: h().ids.user }],
      actions: { edit: true, delete: false },
    });

    const mine = await h().request('GET', '/api/task/', { token: user, query: { scope: 'mine' } });
    expect(mine.json<TaskList>().data.every((row) => row.assignees.some((a) => a.id === h().ids.user))).toBe(true);
    const overdue = await h().request('GET', '/api/task/', { token: user, query: { due: 'overdue' } });
    expect(overdue.json<TaskList>().data.map((row) => row.title)).toEqual([DEMO_TASKS[1].title]);
    const none = await h().request('GET', '/api/task/', {
      token: admin,
      query: { due: 'none', search_key: 'MEDIATION' },
    });
    expect(none.json<TaskList>().data.map((row) => row.title)).toEqual([DEMO_TASKS[2].title]);
    const byPriority = await h().request('GET', '/api/task/', {
      token: admin,
      query: { sort: 'priority', order: 'desc', created_by: h().ids.admin, case_id: reply.case_id! },
    });
    expect(byPriority.json<TaskList>().data[0]?.priority).toBe('high');
    const other = await h().request('GET', '/api/task/', { token: (await tokensOf(h())).other });
    expect(other.json<TaskList>().data.map((row) => row.title)).not.toContain(DEMO_TASKS[0].title);
  });

  it('creates a task, sanitises its description, notifies the assignees, edits and deletes it', async () => {
    const { admin, user } = await tokensOf(h());
    const title = uniqueTitle('Draft');
    const created = await h().request('POST', '/api/task/', {
      token: admin,
      body: {
        title,
        description: '<p onclick="x()">Read <b>this</b></p><script>alert(1)</script>',
        due_date: '2026-03-05',
        priority: 'urgent',
        assignee_ids: [h().ids.user, h().ids.admin],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().detail).toBe(M.created);
    const id = created.json<{ id: number }>().id;
    const detail = (await h().request('GET', `/api/task/${id}/`, { token: user })).json<TaskDetail>();
    expect(detail.description).toBe('<p>Read <b>this</b></p>');
    expect(detail).toMatchObject({ status: 'to_do', priority: 'urgent', due_date: '2026-03-05', case_id: null });

    const notes = await h().request('GET', `/api/notification/${h().ids.user}/`, { token: user });
    const note = notes.json<NotificationListResponse>().notifications.find((n) => n.task_id === id);
    expect(note).toMatchObject({ type: 'task', text: M.assignedToYou(title) });
    // The creator is not told about their own assignment.
    const adminNotes = await h().request('GET', `/api/notification/${h().ids.admin}/`, { token: admin });
    expect(adminNotes.json<NotificationListResponse>().notifications.some((n) => n.task_id === id)).toBe(false);

    // An assignee edits (a status alone); the user may not delete a task they did not create.
    const moved = await h().request('PUT', `/api/task/${id}/`, { token: user, body: { status: 'done' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await h().request('GET', `/api/task/${id}/`, { token: user })).json<TaskDetail>().status).toBe('done');
    expect(await problem(await h().request('DELETE', `/api/task/${id}/`, { token: user }), 403)).toBe(M.notYours);
    const deleted = await h().request('DELETE', `/api/task/${id}/`, { token: admin });
    expect(deleted.json()).toEqual({ detail: M.deleted });
    expect((await h().request('GET', `/api/task/${id}/`, { token: admin })).statusCode).toBe(404);
  });

  it('refuses invalid input with the messages of the form', async () => {
    const { admin } = await tokensOf(h());
    const post = (body: object) => h().request('POST', '/api/task/', { token: admin, body });
    expect(await problem(await post({}))).toBe(M.titleRequired);
    expect(await problem(await post({ title: '  ' }))).toBe(M.titleRequired);
    expect(await problem(await post({ title: 'x'.repeat(201) }))).toBe(M.titleTooLong);
    expect(await problem(await post({ title: 'T', due_date: '2026-02-30' }))).toBe(M.invalidDate);
    expect(await problem(await post({ title: 'T', priority: 'soon' }))).toBe(M.selectPriority);
    expect(await problem(await post({ title: 'T', status: 'maybe' }))).toBe(M.selectStatus);
    expect(await problem(await post({ title: 'T', case_id: 999999 }))).toBe(M.unknownCase);
    expect(await problem(await post({ title: 'T', assignee_ids: [h().ids.otherAdmin] }))).toBe(M.unknownAssignee);
    expect(await problem(await post({ title: 'T', assignee_ids: Array.from({ length: 51 }, (_, i) => i + 1) }))).toBe(
      M.tooManyAssignees,
    );
    const id = await createTask(h(), admin);
    const item = (body: object) => h().request('POST', `/api/task/${id}/checklist/`, { token: admin, body });
    expect(await problem(await item({ text: '' }))).toBe(M.checklistTextRequired);
    const comment = await h().request('POST', `/api/task/${id}/comment/`, { token: admin, body: { body: ' ' } });
    expect(await problem(comment)).toBe(M.commentRequired);
    const { payload, headers } = multipartBody('file', 'virus.exe', 'application/octet-stream', Buffer.from('MZ'));
    const upload = await h().request('POST', `/api/task/${id}/attachment/`, { token: admin, payload, headers });
    expect(await problem(upload)).toBe(M.attachmentType);
  });

  it('keeps a checklist in order, comments and attachments, each by who may', async () => {
    const { admin, user, super: superToken } = await tokensOf(h());
    const id = await createTask(h(), admin, { assignee_ids: [h().ids.user] });
    const add = async (text: string) => {
      const res = await h().request('POST', `/api/task/${id}/checklist/`, { token: user, body: { text } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ChecklistSaved>().item.id;
    };
    const first = await add('Read the file');
    await add('Call the client');
    const third = await add('Send the letter');
    const moved = await h().request('PUT', `/api/task/${id}/checklist/${third}/`, {
      token: user,
      body: { position: 0, done: true },
    });
    expect(moved.json<ChecklistSaved>()).toMatchObject({ detail: M.checklistUpdated, item: { done: true } });
    expect((await h().request('DELETE', `/api/task/${id}/checklist/${first}/`, { token: user })).statusCode).toBe(200);
    let detail = (await h().request('GET', `/api/task/${id}/`, { token: user })).json<TaskDetail>();
    expect(detail.checklist.map((i) => [i.text, i.done])).toEqual([
      ['Send the letter', true],
      ['Call the client', false],
    ]);
    expect([detail.checklist_done, detail.checklist_total]).toEqual([1, 2]);

    // Anyone who reads the task comments; the author or staff delete.
    const superComment = await h().request('POST', `/api/task/${id}/comment/`, {
      token: superToken,
      body: { body: 'Hi' },
    });
    const commentId = superComment.json<CommentSaved>().comment.id;
    const refused = await h().request('DELETE', `/api/task/${id}/comment/${commentId}/`, { token: user });
    expect(await problem(refused, 403)).toBe(M.commentNotYours);
    expect((await h().request('DELETE', `/api/task/${id}/comment/${commentId}/`, { token: admin })).statusCode).toBe(
      200,
    );

    const { payload, headers } = multipartBody('file', 'note.txt', 'text/plain', Buffer.from('The note.'));
    const attached = await h().request('POST', `/api/task/${id}/attachment/`, { token: user, payload, headers });
    expect(attached.statusCode, attached.body).toBe(201);
    const attachment = attached.json<TaskAttachmentAdded>().attachment;
    const download = await h().request('GET', `/api/task-attachment/${attachment.id}/`, { token: admin });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('The note.');
    detail = (await h().request('GET', `/api/task/${id}/`, { token: user })).json<TaskDetail>();
    expect(detail.attachments.map((a) => a.file_name)).toEqual(['note.txt']);
    // A colleague who is neither creator nor assignee reads but does not change the task.
    const colleague = await h().freshSession('user');
    expect((await h().request('GET', `/api/task/${id}/`, { token: colleague.token })).statusCode).toBe(200);
    const edit = await h().request('PUT', `/api/task/${id}/`, { token: colleague.token, body: { title: 'Mine' } });
    expect(await problem(edit, 403)).toBe(M.notYours);
    const removal = await h().request('DELETE', `/api/task-attachment/${attachment.id}/`, { token: colleague.token });
    expect(removal.statusCode).toBe(403);
    expect((await h().request('DELETE', `/api/task-attachment/${attachment.id}/`, { token: user })).statusCode).toBe(
      200,
    );
  });

  it('offers assignees, and answers 404 for another organisation, 401 without a token, 403 without the module', async () => {
    const { admin, other } = await tokensOf(h());
    const options = await h().request('GET', '/api/task-assignee/', { token: admin });
    const ids = options.json<TaskAssigneeOptions>().data.map((u) => u.id);
    expect(ids).toContain(h().ids.user);
    expect(ids).not.toContain(h().ids.super);
    const id = await createTask(h(), admin);
    for (const [method, url] of [
      ['GET', `/api/task/${id}/`],
      ['PUT', `/api/task/${id}/`],
      ['DELETE', `/api/task/${id}/`],
      ['POST', `/api/task/${id}/timer/start/`],
    ] as const) {
      const res = await h().request(method, url, { token: other, body: method === 'PUT' ? { title: 'X' } : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const anonymous = await h().request('GET', '/api/task/');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: sessionMessages.unauthenticated, code: ERROR_CODES.unauthenticated });
    const noModule = await h().createUser({
      modules: {
        knowledge_permission: true,
        case_permission: true,
        precedent_permission: true,
        doc_analyzer_permission: true,
        my_playbooks_permission: true,
        task_management_permission: false,
        invoice_permission: true,
      },
    });
    const { access } = await h().login(noModule.email, noModule.password);
    expect((await h().request('GET', '/api/task/', { token: access })).statusCode).toBe(403);
    // The top bar's poll answers "no timer" rather than 403 (which would sign the user out).
    const poll = await h().request('GET', '/api/task/ongoing-timer/', { token: access });
    expect(poll.statusCode, poll.body).toBe(200);
    expect(poll.json()).toMatchObject({ task_id: null, timer_seconds: 0, state: null });
    expect((await h().request('POST', '/api/task/timer/stop/', { token: access, body: {} })).statusCode).toBe(403);
    void DEMO;
  });
});

describeEachDatabase('tasks in the OpenAPI document', (h) => {
  it('lists every call of the task tracker with its error statuses', async () => {
    const doc = await h().request('GET', '/api/docs/json');
    expect(doc.statusCode, doc.body).toBe(200);
    const paths = doc.json<{ paths: Record<string, Record<string, { responses: object }>> }>().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/task/',
        '/api/task/{task_id}/',
        '/api/task/{task_id}/checklist/{checklist_item_id}/',
        '/api/task/{task_id}/comment/{task_comment_id}/',
        '/api/task-attachment/{task_attachment_id}/',
        '/api/task/ongoing-timer/',
        '/api/task/{task_id}/timer/start/',
        '/api/task/timer/idle/',
        '/api/time-entry/',
        '/api/time-entry/{time_entry_id}/',
        '/api/time-entry/approve/',
        '/api/task-activity/',
        '/api/task-activity/export/',
        '/api/task-dashboard/organisation/',
        '/api/task-dashboard/me/',
        '/api/task-settings/',
      ]),
    );
    expect(Object.keys(paths['/api/time-entry/{time_entry_id}/']!.put!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
  });
});
