import {
  KNOWLEDGE_LIMITS as L,
  knowledgeMessages as M,
  type KnowledgeApiKeyCreated,
  type KnowledgeApiKeyList,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, START, describeEachDatabase } from '../../../test/harness.ts';
import { OTHER_ORGANISATION } from '../../db/demo.seed.ts';
import { ALL_ON, organisationBodyOf, superToken } from '../organisations/organisations.fixtures.ts';
import { knowledgeSignIn, setKnowledge } from './knowledge-test-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 29 item 6: a key answers for its organisation only while the organisation has Knowledge and its plan
 * runs (resolved as a user's actor is), expires, and is revoked when the organisation's Knowledge is switched off.
 */
describeEachDatabase('knowledge API keys: licence, plan, expiry and revocation', (h) => {
  let admin: string;

  beforeAll(async () => {
    await setKnowledge(h(), h().ids.otherAdmin, 'manager', true);
    admin = (await knowledgeSignIn(h(), DEMO.otherAdmin)).token;
  });

  const createKey = async (body: Record<string, unknown>) => {
    const res = await h().request('POST', '/api/knowledge/api-keys/', { token: admin, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<KnowledgeApiKeyCreated>();
  };
  const nodesList = (key: string) =>
    h().request('GET', '/api/knowledge/nodes-list/', { headers: { authorization: `Api-Key ${key}` } });
  const setOrganisation = (values: { knowledge_permission?: 0 | 1; plan_expires_at?: string | null }) =>
    h().database.db.updateTable('organisations').set(values).where('id', '=', h().ids.otherOrg).execute();

  it('refuses a key while its organisation has no Knowledge or its plan has lapsed, and answers again after', async () => {
    const { key } = await createKey({ name: 'Licence check' });
    expect((await nodesList(key)).statusCode).toBe(200);
    await setOrganisation({ knowledge_permission: 0 });
    const off = await nodesList(key);
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe(M.noLicence);
    await setOrganisation({ knowledge_permission: 1 });
    expect((await nodesList(key)).statusCode).toBe(200);
    const planEnd = (
      await h()
        .database.db.selectFrom('organisations')
        .select('plan_expires_at')
        .where('id', '=', h().ids.otherOrg)
        .executeTakeFirstOrThrow()
    ).plan_expires_at;
    await setOrganisation({ plan_expires_at: new Date(START.getTime() - DAY_MS).toISOString() });
    const lapsed = await nodesList(key);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().detail).toBe(M.noLicence);
    await setOrganisation({ plan_expires_at: planEnd });
    expect((await nodesList(key)).statusCode).toBe(200);
  });

  it('gives every key an expiry (90 days unless chosen, at most 365) shown in the list, and stops it then', async () => {
    const plain = await createKey({ name: 'Default expiry' });
    expect(plain.api_key.expires_at).toBe(new Date(START.getTime() + L.apiKeyDefaultDays * DAY_MS).toISOString());
    const week = await createKey({ name: 'One week', expires_in_days: 7 });
    expect(week.api_key.expires_at).toBe(new Date(START.getTime() + 7 * DAY_MS).toISOString());
    for (const expires_in_days of [0, L.apiKeyMaxDays + 1, 2.5]) {
      const refused = await h().request('POST', '/api/knowledge/api-keys/', {
        token: admin,
        body: { name: 'Too long', expires_in_days },
      });
      expect(refused.statusCode, String(expires_in_days)).toBe(400);
      expect(refused.body).toContain(M.apiKeyExpiryRange);
    }
    const list = (await h().request('GET', '/api/knowledge/api-keys/', { token: admin })).json<KnowledgeApiKeyList>();
    expect(list.data.find((k) => k.id === week.api_key.id)?.expires_at).toBe(week.api_key.expires_at);
    h().clock.advance({ days: 7 });
    expect((await nodesList(week.key)).statusCode).toBe(401);
    expect((await nodesList(plain.key)).statusCode).toBe(200);
  });

  it("revokes the organisation's keys when the provider switches its Knowledge off; switching it on revives none", async () => {
    const { key, api_key } = await createKey({ name: 'Revoked with the licence' });
    const token = await superToken(h());
    const update = (knowledge: boolean) =>
      h().request('PUT', `/api/organisation/${h().ids.otherOrg}/`, {
        token,
        body: organisationBodyOf({
          name: OTHER_ORGANISATION,
          user_limit: 25,
          modules: { ...ALL_ON, knowledge_permission: knowledge },
        }),
      });
    const off = await update(false);
    expect(off.statusCode, off.body).toBe(200);
    const on = await update(true);
    expect(on.statusCode, on.body).toBe(200);
    expect((await nodesList(key)).statusCode).toBe(401);
    admin = (await knowledgeSignIn(h(), DEMO.otherAdmin)).token;
    const list = (await h().request('GET', '/api/knowledge/api-keys/', { token: admin })).json<KnowledgeApiKeyList>();
    expect(list.data.find((k) => k.id === api_key.id)?.revoked_at).not.toBeNull();
    expect(list.data.every((k) => k.revoked_at !== null)).toBe(true);
  });
});
