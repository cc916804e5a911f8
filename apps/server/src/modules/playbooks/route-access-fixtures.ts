import type { PlaybookAttachmentAdded, PlaybookCategorySaved, PlaybookSaved } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, multipartBody, type Harness } from '../../../test/harness.ts';
import { buildText } from '../documents/index.ts';

/** Demo Law LLP ids for the playbooks' route parameters: a playbook with a category, an attachment and a version. */
export async function playbookParams(h: Harness): Promise<Record<string, number>> {
  const { access: token } = await h.login(DEMO.admin);
  const category = await h.request('POST', '/api/playbook-category/', {
    token,
    body: { name: `Route access ${Date.now()}` },
  });
  expect(category.statusCode, category.body).toBe(201);
  const playbook_category_id = category.json<PlaybookCategorySaved>().category.id;
  const created = await h.request('POST', '/api/playbook/', {
    token,
    body: {
      name: `Route access ${Date.now()}`,
      playbook_type: 'Other',
      category_ids: [playbook_category_id],
      entries: [{ topic: 'Access', category_id: playbook_category_id }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const playbook_id = created.json<PlaybookSaved>().id;
  const published = await h.request('POST', `/api/playbook/${playbook_id}/publish/`, { token });
  expect(published.statusCode, published.body).toBe(201);
  const { payload, headers } = multipartBody('file', 'access.txt', 'text/plain', buildText('Access', ['Access.']));
  const attached = await h.request('POST', `/api/playbook/attachments/${playbook_id}/`, { token, payload, headers });
  expect(attached.statusCode, attached.body).toBe(201);
  return { playbook_id, playbook_category_id, attachment_id: attached.json<PlaybookAttachmentAdded>().attachment.id };
}

/** Requests that pass validation on the playbooks' routes with ids, so only visibility can stop them. */
export function playbookRequest(method: string, url: string): object | null {
  const bodies: Record<string, object> = {
    'PUT /api/playbook/:playbook_id/': { name: 'Intruder', playbook_type: 'Other' },
    'PUT /api/playbook-category/:playbook_category_id/': { name: 'Intruder' },
    'PUT /api/playbook/:playbook_id/assignment/': { organisationIDs: [], userIDs: [] },
    'POST /api/case/:case_id/playbooks/': { playbook_id: 1 },
    'PUT /api/case/:case_id/playbooks/:playbook_id/': { version: 1 },
    'POST /api/playbook-export/:playbook_id/': { format: 'json' },
  };
  if (method === 'POST' && url === '/api/playbook/attachments/:playbook_id/')
    return multipartBody('file', 'intruder.txt', 'text/plain', buildText('Intruder', ['Intruder.']));
  const body = bodies[`${method} ${url}`];
  return body ? { body } : null;
}
