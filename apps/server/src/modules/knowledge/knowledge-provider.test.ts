import { knowledgeMessages as M, type KnowledgeLookupResult, type KnowledgeRuleList } from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { DEMO_RESTRICTED_ARTICLE, DEMO_RESTRICTED_CLASS } from './knowledge.seed.ts';
import { createNode, knowledgeSignIn, nodeIdByTitle, seedKnowledge, setKnowledge } from './knowledge-test-helpers.ts';

/**
 * Issue 29: the provider's curator sees and edits of another firm's access rules the shared nodes only (item 1),
 * and a restricted node answers exactly like a missing one (the decision on 403 against 404).
 */
describeEachDatabase("knowledge: the provider's curator and another firm's rules; restricted reads as missing", (h) => {
  let curator: string;
  let firmAdmin: string;
  let shared: { domain: number; cls: number };
  let firm: { domain: number; secret: number };

  beforeAll(async () => {
    await seedKnowledge(h());
    curator = (await knowledgeSignIn(h(), DEMO.super)).token;
    await setKnowledge(h(), h().ids.otherAdmin, 'manager', true);
    firmAdmin = (await knowledgeSignIn(h(), DEMO.otherAdmin)).token;
    const domain = await createNode(h(), curator, {
      parent_id: null,
      kind: 'domain',
      title: 'Provider guides',
      shared: true,
    });
    const cls = await createNode(h(), curator, { parent_id: domain.id, kind: 'class', title: 'Provider class' });
    shared = { domain: domain.id, cls: cls.id };
    const own = await createNode(h(), firmAdmin, { parent_id: null, kind: 'domain', title: 'Other Firm matters' });
    const secret = await createNode(h(), firmAdmin, { parent_id: own.id, kind: 'class', title: 'Merger strategy' });
    firm = { domain: own.id, secret: secret.id };
    // Other Firm restricts its own class; the provider shares its domain with Other Firm.
    const ownRule = await h().request('PUT', '/api/knowledge/access/rules/', {
      token: firmAdmin,
      body: { rules: [{ node_id: secret.id, mode: 'restricted' }] },
    });
    expect(ownRule.statusCode, ownRule.body).toBe(200);
    const shareIt = await h().request('PUT', '/api/knowledge/access/rules/', {
      token: curator,
      body: { org_id: h().ids.otherOrg, rules: [{ node_id: domain.id, mode: 'allowed' }] },
    });
    expect(shareIt.statusCode, shareIt.body).toBe(200);
  });

  const firmRules = async () =>
    (await h().request('GET', '/api/knowledge/access/rules/', { token: firmAdmin })).json<KnowledgeRuleList>().data;

  it("shows the curator no title or id of the firm's own nodes in its rules", async () => {
    const res = await h().request('GET', '/api/knowledge/access/rules/', {
      token: curator,
      query: { org_id: h().ids.otherOrg },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KnowledgeRuleList>().data).toEqual([
      { node_id: shared.domain, title: 'Provider guides', kind: 'domain', shared: true, mode: 'allowed' },
    ]);
    expect(res.body).not.toContain('Merger strategy');
    expect(res.body).not.toContain(`"node_id":${firm.secret}`);
    // The firm's own admin still sees both rules.
    expect((await firmRules()).map((r) => r.node_id).sort((a, b) => a - b)).toEqual(
      [shared.domain, firm.secret].sort((a, b) => a - b),
    );
  });

  it("keeps the firm's own rules when the curator saves the firm's rules, even an empty list", async () => {
    const emptied = await h().request('PUT', '/api/knowledge/access/rules/', {
      token: curator,
      body: { org_id: h().ids.otherOrg, rules: [] },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.body).not.toContain('Merger strategy');
    expect(await firmRules()).toEqual([expect.objectContaining({ node_id: firm.secret, mode: 'restricted' })]);
    // Merging on shared nodes: sharing again and restricting the shared class leave the firm's rule as it is.
    const again = await h().request('PUT', '/api/knowledge/access/rules/', {
      token: curator,
      body: {
        org_id: h().ids.otherOrg,
        rules: [
          { node_id: shared.domain, mode: 'allowed' },
          { node_id: shared.cls, mode: 'restricted' },
        ],
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<KnowledgeRuleList>().data.map((r) => r.node_id)).not.toContain(firm.secret);
    const rules = await firmRules();
    expect(rules.map((r) => [r.node_id, r.mode]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [shared.domain, 'allowed'],
        [shared.cls, 'restricted'],
        [firm.secret, 'restricted'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it("answers a rule on the firm's own node exactly like one on an unknown id (no oracle)", async () => {
    const save = (nodeId: number) =>
      h().request('PUT', '/api/knowledge/access/rules/', {
        token: curator,
        body: { org_id: h().ids.otherOrg, rules: [{ node_id: nodeId, mode: 'restricted' }] },
      });
    const own = await save(firm.domain);
    const unknown = await save(987654);
    expect(own.statusCode).toBe(400);
    expect(own.body).toBe(unknown.body.replace('987654', String(firm.domain)));
    expect(own.body).not.toContain('Other Firm matters');
    const ownAllowed = await h().request('PUT', '/api/knowledge/access/rules/', {
      token: curator,
      body: { org_id: h().ids.otherOrg, rules: [{ node_id: firm.domain, mode: 'allowed' }] },
    });
    expect(ownAllowed.statusCode).toBe(400);
    expect(ownAllowed.body).toBe(unknown.body.replace('987654', String(firm.domain)));
    // Nothing changed on the firm's side.
    expect((await firmRules()).map((r) => r.node_id)).not.toContain(firm.domain);
  });

  it('answers a restricted node, its parts and a restricted-only lookup exactly like missing ones (404)', async () => {
    const reader = (await knowledgeSignIn(h(), DEMO.user)).token;
    const restricted = await nodeIdByTitle(h(), DEMO_RESTRICTED_ARTICLE);
    const restrictedClass = await nodeIdByTitle(h(), DEMO_RESTRICTED_CLASS);
    for (const suffix of ['', 'revisions/', 'revisions/1/', 'export/']) {
      const missing = await h().request('GET', `/api/knowledge/nodes/987654/${suffix}`, { token: reader });
      for (const id of [restricted, restrictedClass]) {
        const res = await h().request('GET', `/api/knowledge/nodes/${id}/${suffix}`, { token: reader });
        expect(res.statusCode, `${id}/${suffix}`).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
    const { access: userMain } = await h().login(DEMO.user);
    const lookup = (term: string) => h().request('GET', '/api/knowledge-lookup/', { token: userMain, query: { term } });
    const onlyRestricted = await lookup(DEMO_RESTRICTED_ARTICLE);
    const none = await lookup('no such clause anywhere');
    expect(onlyRestricted.statusCode).toBe(404);
    expect(onlyRestricted.body).toBe(none.body);
    expect(none.json().detail).toBe(M.instanceNotPresent);
    const { access: adminMain } = await h().login(DEMO.admin);
    const forManager = await h().request('GET', '/api/knowledge-lookup/', {
      token: adminMain,
      query: { term: DEMO_RESTRICTED_ARTICLE },
    });
    expect(forManager.json<KnowledgeLookupResult>().data.map((m) => m.node_id)).toEqual([restricted]);
  });
});
