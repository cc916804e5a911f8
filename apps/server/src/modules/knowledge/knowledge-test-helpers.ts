import type { KnowledgeNodeSaved, KnowledgeRole, KnowledgeSession } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, DEMO_PASSWORD, type Harness } from '../../../test/harness.ts';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { seedDemoKnowledge, seedDemoKnowledgeRoles } from './knowledge.seed.ts';

/** The demo knowledge (roles and the "Contract clauses" domain), as the first start seeds it. */
export async function seedKnowledge(h: Harness): Promise<void> {
  await seedDemoKnowledgeRoles(h.ctx, { manager: [DEMO.admin, DEMO.super], reader: [DEMO.user] });
  await seedDemoKnowledge(h.ctx, DEMO_ORGANISATION, DEMO.admin);
}

/** Sets a user's knowledge role and restricted-data flag directly (tests of each role). */
export async function setKnowledge(h: Harness, userId: number, role: KnowledgeRole | null, flag: boolean) {
  await h.database.db
    .updateTable('users')
    .set({ knowledge_role: role, knowledge_data_permission: flag ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** A hand-over code for a main session token. */
export async function handoverCode(h: Harness, mainToken: string): Promise<string> {
  const res = await h.request('POST', '/api/knowledge-handover/', { token: mainToken });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ code: string }>().code;
}

/** Signs in (main session) and exchanges a hand-over code: the knowledge tab's token, and the main one. */
export async function knowledgeSignIn(
  h: Harness,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ main: string; token: string; session: KnowledgeSession }> {
  const { access: main } = await h.login(email, password);
  const code = await handoverCode(h, main);
  const res = await h.request('POST', '/api/knowledge/session/', { body: { code } });
  expect(res.statusCode, res.body).toBe(201);
  const session = res.json<KnowledgeSession>();
  return { main, token: session.knowledge_token, session };
}

export async function createNode(
  h: Harness,
  token: string,
  body: {
    parent_id: number | null;
    kind: 'domain' | 'class' | 'instance';
    title: string;
    body?: string;
    keywords?: string[];
    shared?: boolean;
  },
) {
  const res = await h.request('POST', '/api/knowledge/nodes/', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<KnowledgeNodeSaved>().node;
}

/** The id of the demo node titled `title` (through the database: tests only). */
export async function nodeIdByTitle(h: Harness, title: string): Promise<number> {
  const row = await h.database.db
    .selectFrom('knowledge_nodes')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}
