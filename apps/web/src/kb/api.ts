import {
  KNOWLEDGE_API_BASE,
  knowledgeAccessUsers,
  knowledgeApiKeyCreated,
  knowledgeApiKeyList,
  knowledgeAttachmentAdded,
  knowledgeEffective,
  knowledgeMe,
  knowledgeNode,
  knowledgeNodeSaved,
  knowledgeRevisionDetail,
  knowledgeRevisionList,
  knowledgeRuleList,
  knowledgeRuleOrganisations,
  knowledgeSearchResult,
  knowledgeSession,
  knowledgeTree,
  type KnowledgeNodeCreateInput,
  type KnowledgeNodeUpdateInput,
  type KnowledgeRulesInput,
} from '@lexdesk/contract';
import type { z } from 'zod';
import { errorFrom, parsedAnswer, readPayload, send, type QueryValue, type SendOptions } from '../api/http.ts';
import { fileNameOf } from '../api/downloadFile.ts';
import { readKnowledgeToken } from '../ui/knowledgeTabs.ts';
import { sessionEnded } from './session.ts';

/**
 * The knowledge application's one client: its own base path (spec 01 §7) and the knowledge token, never the main
 * session's. A 401 means the knowledge session is over (the main session ended, the token was revoked or
 * expired): the app shows so. A 403 is an answer for the page (the refusal's message), not a logout.
 */
const BASE = `${KNOWLEDGE_API_BASE}/`;

export function kbUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return BASE + path.replace(/^\/+/, '') + (search ? `?${search}` : '');
}

interface KbOptions<T> extends SendOptions {
  query?: Record<string, QueryValue>;
  schema?: z.ZodType<T>;
  /** The hand-over itself runs before there is a token. */
  token?: string | null;
}

/** One call; when another tab replaced the token meanwhile (a newer hand-over), a 401 is retried with the new one. */
async function respond(path: string, options: KbOptions<unknown>): Promise<Response> {
  const token = options.token !== undefined ? options.token : readKnowledgeToken();
  let response = await send(kbUrl(path, options.query), options, token);
  if (response.status === 401 && options.token === undefined) {
    const newer = readKnowledgeToken();
    if (newer && newer !== token) response = await send(kbUrl(path, options.query), options, newer);
    if (response.status === 401) sessionEnded();
  }
  return response;
}

export async function kbRequest<T = unknown>(path: string, options: KbOptions<T> = {}): Promise<T> {
  const response = await respond(path, options as KbOptions<unknown>);
  const payload = await readPayload(response);
  if (!response.ok) throw errorFrom(response.status, payload);
  return parsedAnswer(response.status, payload, options.schema);
}

/** A file of the knowledge API (an export, an attachment), with the knowledge token. */
export async function kbDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await respond(path, {});
  if (!response.ok) throw errorFrom(response.status, await readPayload(response));
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), 'knowledge'),
  };
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

// Session (the hand-over's second half) and who I am
export const exchangeCode = (code: string) =>
  kbRequest('session/', { method: 'POST', body: { code }, schema: knowledgeSession, token: null });
export const fetchMe = (signal?: AbortSignal) => kbRequest('me/', { schema: knowledgeMe, ...withSignal(signal) });

// The tree, nodes, revisions
export const fetchTree = (signal?: AbortSignal) => kbRequest('tree/', { schema: knowledgeTree, ...withSignal(signal) });
export const fetchNode = (id: number, signal?: AbortSignal) =>
  kbRequest(`nodes/${id}/`, { schema: knowledgeNode, ...withSignal(signal) });
export const createNode = (body: KnowledgeNodeCreateInput) =>
  kbRequest('nodes/', { method: 'POST', body, schema: knowledgeNodeSaved });
export const updateNode = (id: number, body: KnowledgeNodeUpdateInput) =>
  kbRequest(`nodes/${id}/`, { method: 'PUT', body, schema: knowledgeNodeSaved });
export const deleteNode = (id: number) => kbRequest<{ detail: string }>(`nodes/${id}/`, { method: 'DELETE' });
export const fetchRevisions = (id: number, signal?: AbortSignal) =>
  kbRequest(`nodes/${id}/revisions/`, { schema: knowledgeRevisionList, ...withSignal(signal) });
export const fetchRevision = (id: number, revision: number, signal?: AbortSignal) =>
  kbRequest(`nodes/${id}/revisions/${revision}/`, { schema: knowledgeRevisionDetail, ...withSignal(signal) });
export const restoreRevision = (id: number, revision: number) =>
  kbRequest(`nodes/${id}/revisions/${revision}/restore/`, { method: 'POST', body: {}, schema: knowledgeNodeSaved });
export const exportPath = (id: number) => `nodes/${id}/export/`;

// Attachments
export function uploadAttachment(nodeId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return kbRequest(`nodes/${nodeId}/attachments/`, { method: 'POST', form, schema: knowledgeAttachmentAdded });
}
export const attachmentPath = (id: number) => `attachments/${id}/download/`;
export const deleteAttachment = (id: number) =>
  kbRequest<{ detail: string }>(`attachments/${id}/`, { method: 'DELETE' });

// Search
export const searchKnowledge = (q: string, pageNo: number, limits: number, signal?: AbortSignal) =>
  kbRequest('search/', {
    query: { q, page_no: pageNo, limits },
    schema: knowledgeSearchResult,
    ...withSignal(signal),
  });

// Access (admins)
export const fetchRuleOrganisations = (signal?: AbortSignal) =>
  kbRequest('access/organisations/', { schema: knowledgeRuleOrganisations, ...withSignal(signal) });
/** The rules of the user's organisation, or (the curator) of `orgId`. */
export const fetchRules = (orgId: number | undefined, signal?: AbortSignal) =>
  kbRequest('access/rules/', {
    query: orgId === undefined ? {} : { org_id: orgId },
    schema: knowledgeRuleList,
    ...withSignal(signal),
  });
export const saveRules = (body: KnowledgeRulesInput) =>
  kbRequest('access/rules/', { method: 'PUT', body, schema: knowledgeRuleList });
export const fetchAccessUsers = (signal?: AbortSignal) =>
  kbRequest('access/users/', { schema: knowledgeAccessUsers, ...withSignal(signal) });
export const fetchEffective = (userId: number, nodeId: number, signal?: AbortSignal) =>
  kbRequest('access/effective/', {
    query: { user_id: userId, node_id: nodeId },
    schema: knowledgeEffective,
    ...withSignal(signal),
  });

// API keys (admins)
export const fetchApiKeys = (signal?: AbortSignal) =>
  kbRequest('api-keys/', { schema: knowledgeApiKeyList, ...withSignal(signal) });
export const createApiKey = (name: string, expiresInDays: number) =>
  kbRequest('api-keys/', {
    method: 'POST',
    body: { name, expires_in_days: expiresInDays },
    schema: knowledgeApiKeyCreated,
  });
export const revokeApiKey = (id: number) => kbRequest<{ detail: string }>(`api-keys/${id}/`, { method: 'DELETE' });

export const kbKeys = {
  me: ['kb', 'me'] as const,
  tree: ['kb', 'tree'] as const,
  node: (id: number) => ['kb', 'node', id] as const,
  nodes: ['kb', 'node'] as const,
  revisions: (id: number) => ['kb', 'node', id, 'revisions'] as const,
  revision: (id: number, revision: number) => ['kb', 'node', id, 'revisions', revision] as const,
  search: (q: string, pageNo: number, limits: number) => ['kb', 'search', q, pageNo, limits] as const,
  ruleOrganisations: ['kb', 'access', 'organisations'] as const,
  rules: (orgId: number | undefined) => ['kb', 'access', 'rules', orgId ?? 'own'] as const,
  users: ['kb', 'access', 'users'] as const,
  effective: (userId: number, nodeId: number) => ['kb', 'access', 'effective', userId, nodeId] as const,
  apiKeys: ['kb', 'api-keys'] as const,
};
