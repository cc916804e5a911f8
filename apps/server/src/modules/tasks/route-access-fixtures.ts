import type { ChecklistSaved, CommentSaved, TaskAttachmentAdded, TaskSaved, TimeEntrySaved } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, multipartBody, type Harness } from '../../../test/harness.ts';

/** Demo Law LLP ids for the task tracker's route parameters: a task with a checklist item, comment, file, entry. */
export async function taskParams(h: Harness): Promise<Record<string, number>> {
  const { access: token } = await h.login(DEMO.admin);
  const created = await h.request('POST', '/api/task/', {
    token,
    body: { title: `Route access ${Date.now()}`, assignee_ids: [h.ids.user] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const task_id = created.json<TaskSaved>().id;
  const item = await h.request('POST', `/api/task/${task_id}/checklist/`, { token, body: { text: 'Access' } });
  expect(item.statusCode, item.body).toBe(201);
  const comment = await h.request('POST', `/api/task/${task_id}/comment/`, { token, body: { body: 'Access' } });
  expect(comment.statusCode, comment.body).toBe(201);
  const { payload, headers } = multipartBody('file', 'access.txt', 'text/plain', Buffer.from('Access'));
  const attached = await h.request('POST', `/api/task/${task_id}/attachment/`, { token, payload, headers });
  expect(attached.statusCode, attached.body).toBe(201);
  const entry = await h.request('POST', '/api/time-entry/', {
    token,
    body: { task_id, duration: '1h', date: '2026-03-02' },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  return {
    task_id,
    checklist_item_id: item.json<ChecklistSaved>().item.id,
    task_comment_id: comment.json<CommentSaved>().comment.id,
    task_attachment_id: attached.json<TaskAttachmentAdded>().attachment.id,
    time_entry_id: entry.json<TimeEntrySaved>().entry.id,
  };
}

/** Requests that pass validation on the task tracker's routes with ids, so only visibility can stop them. */
export function taskRequest(method: string, url: string): object | null {
  const bodies: Record<string, object> = {
    'PUT /api/task/:task_id/': { title: 'Intruder' },
    'POST /api/task/:task_id/checklist/': { text: 'Intruder' },
    'PUT /api/task/:task_id/checklist/:checklist_item_id/': { done: true },
    'POST /api/task/:task_id/comment/': { body: 'Intruder' },
    'POST /api/task/:task_id/timer/start/': {},
    'PUT /api/time-entry/:time_entry_id/': { note: 'Intruder' },
  };
  if (method === 'POST' && url === '/api/task/:task_id/attachment/')
    return multipartBody('file', 'intruder.txt', 'text/plain', Buffer.from('Intruder'));
  const body = bodies[`${method} ${url}`];
  return body ? { body } : null;
}
