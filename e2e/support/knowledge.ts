import type { KnowledgeNodeCreateInput } from '@lexdesk/contract';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { bearer } from './api.ts';

export const KNOWLEDGE_TOKEN_KEY = 'lexdesk.knowledge_token';

/** The stored knowledge token of the page's origin (null when none). */
export const storedKnowledgeToken = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), KNOWLEDGE_TOKEN_KEY);

/** Clicks Knowledge in the side menu and answers the knowledge tab it opens, once its session has started. */
export async function openKnowledgeFromMenu(page: Page, context: BrowserContext): Promise<Page> {
  const opened = context.waitForEvent('page');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Knowledge' }).click();
  const kb = await opened;
  await expect(kb).toHaveURL(/\/kb\/?$/);
  await expect(kb.getByRole('navigation', { name: 'Knowledge tree' })).toBeVisible();
  return kb;
}

/** Runs `use` with a knowledge token of `access`'s user (the API's hand-over), and ends that session after. */
async function withKnowledgeToken<T>(
  request: APIRequestContext,
  access: string,
  use: (knowledgeToken: string) => Promise<T>,
): Promise<T> {
  const handover = await request.post('/api/knowledge-handover/', { headers: bearer(access), data: {} });
  expect(handover.ok(), await handover.text()).toBe(true);
  const { code } = (await handover.json()) as { code: string };
  const session = await request.post('/api/knowledge/session/', { data: { code } });
  expect(session.ok(), await session.text()).toBe(true);
  const { knowledge_token } = (await session.json()) as { knowledge_token: string };
  try {
    return await use(knowledge_token);
  } finally {
    await request.delete('/api/knowledge/session/', { headers: bearer(knowledge_token) });
  }
}

async function nodeIdByTitle(request: APIRequestContext, knowledgeToken: string, title: string): Promise<number> {
  const tree = await request.get('/api/knowledge/tree/', { headers: bearer(knowledgeToken) });
  const rows = ((await tree.json()) as { data: { id: number; title: string }[] }).data;
  const node = rows.find((row) => row.title === title);
  expect(node, `no node ${title}`).toBeDefined();
  return node!.id;
}

/** The id of a node of the tree, by title, as `access`'s user sees it. */
export async function apiKnowledgeNodeId(request: APIRequestContext, access: string, title: string): Promise<number> {
  return withKnowledgeToken(request, access, (token) => nodeIdByTitle(request, token, title));
}

/**
 * Creates a node of the test's own under the node titled `parentTitle` (a domain when null); answers its id.
 * `shared` (the super user): a shared domain.
 */
export async function apiKnowledgeNode(
  request: APIRequestContext,
  access: string,
  parentTitle: string | null,
  node: Omit<KnowledgeNodeCreateInput, 'parent_id'>,
): Promise<number> {
  return withKnowledgeToken(request, access, async (token) => {
    const parent_id = parentTitle === null ? null : await nodeIdByTitle(request, token, parentTitle);
    const created = await request.post('/api/knowledge/nodes/', {
      headers: bearer(token),
      data: { parent_id, ...node },
    });
    expect(created.ok(), await created.text()).toBe(true);
    return ((await created.json()) as { node: { id: number } }).node.id;
  });
}

/** The organisation's access rules as `access`'s user (an admin) sees them, after replacing them with `save`. */
export async function apiKnowledgeRules(
  request: APIRequestContext,
  access: string,
  save?: { node_id: number; mode: 'restricted' | 'allowed' }[],
): Promise<{ node_id: number; title: string; mode: string }[]> {
  return withKnowledgeToken(request, access, async (token) => {
    if (save) {
      const saved = await request.put('/api/knowledge/access/rules/', {
        headers: bearer(token),
        data: { rules: save },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    const rules = await request.get('/api/knowledge/access/rules/', { headers: bearer(token) });
    expect(rules.ok(), await rules.text()).toBe(true);
    return ((await rules.json()) as { data: { node_id: number; title: string; mode: string }[] }).data;
  });
}
