import type { PlaybookCategorySaved, PlaybookInput, PlaybookSaved } from '@lexdesk/contract';
import { expect } from 'vitest';
import { multipartBody, type Harness } from '../../../test/harness.ts';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { seedDemoPlaybooks } from './playbooks.seed.ts';

let counter = 0;
export const uniqueName = (prefix = 'Playbook') => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

/** A category of `token`'s organisation. */
export async function createCategory(h: Harness, token: string, name = uniqueName('Category')): Promise<number> {
  const res = await h.request('POST', '/api/playbook-category/', { token, body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlaybookCategorySaved>().category.id;
}

/** A playbook of `token`'s organisation with one category and two entries (unless `body` says otherwise). */
export async function createPlaybook(h: Harness, token: string, body: Partial<PlaybookInput> = {}): Promise<number> {
  const category = body.category_ids ? undefined : await createCategory(h, token);
  const res = await h.request('POST', '/api/playbook/', {
    token,
    body: {
      name: uniqueName(),
      playbook_type: 'Non-disclosure agreement',
      description: 'Our positions',
      category_ids: category ? [category] : [],
      entries: [
        {
          topic: 'Term of confidentiality',
          category_id: category ?? null,
          importance: 'high',
          standard_position: '<p>Three years from disclosure.</p>',
          fallbacks: [{ position: 'Five years', guidance: 'Only for trade secrets', approver: 'Partner' }],
          unacceptable: ['Perpetual obligations'],
          model_language: '<p>The obligations last for three years.</p>',
        },
        { topic: 'Governing law', standard_position: '<p>English law, London courts.</p>' },
      ],
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlaybookSaved>().id;
}

export async function publish(h: Harness, token: string, id: number): Promise<number> {
  const res = await h.request('POST', `/api/playbook/${id}/publish/`, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ version: number }>().version;
}

export async function attach(
  h: Harness,
  token: string,
  id: number,
  name: string,
  content: Buffer,
  type = 'text/plain',
) {
  const { payload, headers } = multipartBody('file', name, type, content);
  return h.request('POST', `/api/playbook/attachments/${id}/`, { token, payload, headers });
}

/** Shares playbook `id` (the super user's organisation's) with `organisationIDs` and named `userIDs`. */
export async function share(
  h: Harness,
  superToken: string,
  id: number,
  organisationIDs: number[],
  userIDs: number[] = [],
) {
  const res = await h.request('PUT', `/api/playbook/${id}/assignment/`, {
    token: superToken,
    body: { organisationIDs, userIDs },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The demo playbooks (the harness seeds the demo organisations and users only); idempotent. */
export async function seedPlaybooks(h: Harness): Promise<void> {
  await seedDemoPlaybooks(h.ctx, DEMO_ORGANISATION, 'admin@example.com');
}
