import type { KnowledgeApiKeyCreated, KnowledgeAttachmentAdded } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, multipartBody, type Harness } from '../../../test/harness.ts';
import { createNode, knowledgeSignIn, seedKnowledge } from './knowledge-test-helpers.ts';

/** Demo Law LLP ids for the knowledge routes' parameters: an article with a revision, an attachment, an API key. */
export async function knowledgeParams(h: Harness): Promise<Record<string, number>> {
  await seedKnowledge(h);
  const { token } = await knowledgeSignIn(h, DEMO.admin);
  const domain = await createNode(h, token, { parent_id: null, kind: 'domain', title: `Access ${Date.now()}` });
  const cls = await createNode(h, token, { parent_id: domain.id, kind: 'class', title: 'Access class' });
  const article = await createNode(h, token, { parent_id: cls.id, kind: 'instance', title: 'Access article' });
  const { payload, headers } = multipartBody('file', 'access.txt', 'text/plain', Buffer.from('Access words.\n'));
  const attached = await h.request('POST', `/api/knowledge/nodes/${article.id}/attachments/`, {
    token,
    payload,
    headers,
  });
  expect(attached.statusCode, attached.body).toBe(201);
  const key = await h.request('POST', '/api/knowledge/api-keys/', { token, body: { name: 'Access key' } });
  expect(key.statusCode, key.body).toBe(201);
  return {
    node_id: article.id,
    revision: 1,
    knowledge_attachment_id: attached.json<KnowledgeAttachmentAdded>().attachment.id,
    api_key_id: key.json<KnowledgeApiKeyCreated>().api_key.id,
  };
}

/** Requests that pass validation on the knowledge routes, so only the credentials can stop them. */
export function knowledgeRequest(method: string, url: string): object | null {
  const bodies: Record<string, object> = {
    'POST /api/knowledge/nodes/': { parent_id: null, kind: 'domain', title: 'Intruder' },
    'PUT /api/knowledge/nodes/:node_id/': { title: 'Intruder', revision: 1 },
    'PUT /api/knowledge/access/rules/': { rules: [] },
    'POST /api/knowledge/api-keys/': { name: 'Intruder' },
  };
  if (method === 'GET' && url === '/api/knowledge/search/') return { query: { q: 'intruder' } };
  if (method === 'GET' && url === '/api/knowledge-lookup/') return { query: { term: 'intruder' } };
  if (method === 'GET' && url === '/api/knowledge/access/effective/') return { query: { user_id: 1, node_id: 1 } };
  if (method === 'POST' && url === '/api/knowledge/nodes/:node_id/attachments/')
    return multipartBody('file', 'intruder.txt', 'text/plain', Buffer.from('Intruder.\n'));
  const body = bodies[`${method} ${url}`];
  return body ? { body } : null;
}
