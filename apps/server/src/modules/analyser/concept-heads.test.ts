import {
  conceptMessages as M,
  type ConceptCopyResponse,
  type ConceptHead,
  type ConceptHeadUpdated,
  type ConceptListDetail,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createList, headInput, sharedList, tokensOf, type Tokens } from './analyser-test-helpers.ts';

describeEachDatabase('concept heads', (h) => {
  let t: Tokens;
  beforeAll(async () => {
    t = await tokensOf(h());
  });
  const single = (token: string | null, id: number) =>
    h().request('GET', '/api/concept-content/single/', { token, query: { conceptID: id } });
  const putSingle = (token: string, query: Record<string, string | number>, body: unknown) =>
    h().request('PUT', '/api/concept-content/single/', { token, query, body });
  const headsOfList = async (token: string, listId: number) =>
    (await h().request('GET', '/api/concept-list/create/', { token, query: { conceptListID: listId } })).json<{
      concept_list: ConceptListDetail[];
    }>().concept_list[0]?.heads ?? [];

  it('reads one head for every role that sees its list; 404 elsewhere, 401 without a token', async () => {
    const { headIds } = await createList(h(), t.admin);
    const id = headIds[0] as number;
    for (const token of [t.super, t.admin, t.user]) {
      const res = await single(token, id);
      expect(res.statusCode).toBe(200);
      expect(res.json<ConceptHead>()).toMatchObject({ concept_id: id, head: 'GOVERNING LAW', terms: 'alpha | beta' });
    }
    expect((await single(t.otherAdmin, id)).statusCode).toBe(404);
    expect((await single(null, id)).statusCode).toBe(401);
  });

  it('edits one head in place, refuses a name another head has (409), and a user (403)', async () => {
    const { listId, headIds } = await createList(h(), t.admin);
    const [law, termination] = headIds as [number, number];
    const res = await putSingle(t.admin, { conceptID: law }, [headInput('  governing   law ', 'changed')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ConceptHeadUpdated>()).toEqual({
      detail: M.headUpdated,
      concept_id: law,
      concept_list_id: listId,
    });
    expect((await single(t.admin, law)).json<ConceptHead>().terms).toBe('changed');
    const clash = await putSingle(t.admin, { conceptID: termination }, [headInput('Governing Law')]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe(M.headAlreadyDrafted);
    const blank = await putSingle(t.admin, { conceptID: termination }, [headInput(' ')]);
    expect(blank.json().detail).toBe(M.headRequired);
    expect((await putSingle(t.user, { conceptID: law }, [headInput('X')])).statusCode).toBe(403);
    expect((await putSingle(t.otherAdmin, { conceptID: law }, [headInput('X')])).statusCode).toBe(404);
  });

  it("lands another organisation's head edit in its own copy, both directions unchanged", async () => {
    const { listId, headIds } = await sharedList(h(), t);
    const law = headIds[0] as number;
    const res = await putSingle(t.otherAdmin, { conceptID: law, updateAll: 'false' }, [
      headInput('Governing law', 'mine'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<ConceptHeadUpdated>();
    expect(edited.concept_id).not.toBe(law);
    expect(edited.concept_list_id).not.toBe(listId);
    expect((await single(t.admin, law)).json<ConceptHead>().terms).toBe('alpha | beta');
    expect((await single(t.admin, edited.concept_id)).statusCode).toBe(404);
    expect((await single(t.otherAdmin, edited.concept_id)).json<ConceptHead>().terms).toBe('mine');
    expect((await single(t.otherAdmin, law)).statusCode).toBe(404);
    // The owner's edit afterwards leaves Other Firm's copy alone.
    await putSingle(t.admin, { conceptID: law }, [headInput('Governing law', 'owner')]);
    expect((await single(t.otherAdmin, edited.concept_id)).json<ConceptHead>().terms).toBe('mine');
  });

  it("gives the super user 'only this organisation' (selectedOrg) and 'update all' (in place)", async () => {
    const { listId, headIds } = await sharedList(h(), t);
    const law = headIds[0] as number;
    const all = await putSingle(t.super, { conceptID: law, updateAll: 'True' }, [headInput('Governing law', 'all')]);
    expect(all.json<ConceptHeadUpdated>().concept_id).toBe(law);
    expect((await single(t.otherAdmin, law)).json<ConceptHead>().terms).toBe('all');
    const only = await putSingle(t.super, { conceptID: law, updateAll: 'False', selectedOrg: h().ids.otherOrg }, [
      headInput('Governing law', 'other only'),
    ]);
    const copy = only.json<ConceptHeadUpdated>();
    expect(copy.concept_list_id).not.toBe(listId);
    expect((await single(t.otherAdmin, copy.concept_id)).json<ConceptHead>().terms).toBe('other only');
    expect((await single(t.admin, law)).json<ConceptHead>().terms).toBe('all');
  });

  it('combines heads into a draft and answers their details with rules, scopes and clauses', async () => {
    const { headIds } = await createList(h(), t.admin);
    const [law, termination] = headIds as [number, number];
    await h().request('POST', '/api/concept-list/create/clause/', {
      token: t.admin,
      body: { conceptID: law, clause_description: 'English law applies.' },
    });
    const combined = await h().request('GET', '/api/concept-content/combine/', {
      token: t.user,
      query: { conceptID: `${termination},${law}` },
    });
    expect(
      combined
        .json<{ draft: string }>()
        .draft.split('\n')
        .map((line) => line.split('[')[0]),
    ).toEqual(['TERMINATION', 'GOVERNING LAW']);
    const details = await h().request('GET', '/api/concept-list/concepts/details/', {
      token: t.user,
      query: { concept_ids: `${law}` },
    });
    expect(details.json().data[0]).toMatchObject({
      head: 'GOVERNING LAW',
      clauses: [{ clause_description: 'English law applies.' }],
      rules: [],
      scopes: [],
    });
    for (const url of ['/api/concept-content/combine/', '/api/concept-list/concepts/details/']) {
      const query: Record<string, string> = url.includes('combine')
        ? { conceptID: `${law}` }
        : { concept_ids: `${law}` };
      expect((await h().request('GET', url, { token: t.otherAdmin, query })).statusCode).toBe(404);
      expect((await h().request('GET', url, { query })).statusCode).toBe(401);
    }
    const bad = await h().request('GET', '/api/concept-content/combine/', {
      token: t.admin,
      query: { conceptID: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('copies heads with their parts, skips heads the target has, and copies a whole list', async () => {
    const source = await createList(h(), t.admin, {
      heads: [headInput('Governing law'), headInput('Insurance'), headInput('Audit')],
    });
    const [law, insurance] = source.headIds as [number, number];
    await h().request('POST', '/api/concept-list/create/term-rule/', {
      token: t.admin,
      body: {
        conceptID: insurance,
        rule_description: 'Cover of at least 1m',
        suggestions: [{ suggestion_text: 'Raise it' }],
      },
    });
    const target = await createList(h(), t.admin, { heads: [headInput('Governing law')] });
    const copy = (query: Record<string, string>, token = t.admin) =>
      h().request('POST', '/api/concept-content/update/combine/', { token, query });
    const res = await copy({ targetConceptListIDs: `${target.listId}`, sourceConceptIDs: `${law},${insurance}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ConceptCopyResponse>()).toEqual({
      detail: M.headsCopied,
      copied: 1,
      concept_list_ids: [target.listId],
      skipped: ['GOVERNING LAW'],
    });
    const heads = await headsOfList(t.admin, target.listId);
    expect(heads.map((x) => x.head)).toEqual(['GOVERNING LAW', 'INSURANCE']);
    const rules = await h().request('GET', `/api/concept-list/rules/${heads[1]?.concept_id}/`, { token: t.admin });
    expect(rules.json().rules[0]).toMatchObject({
      rule_description: 'Cover of at least 1m',
      suggestions: [{ suggestion_text: 'Raise it' }],
    });
    const whole = await copy({ targetConceptListIDs: `${target.listId}`, sourceConceptListID: `${source.listId}` });
    expect(whole.json<ConceptCopyResponse>()).toMatchObject({ copied: 1, skipped: ['GOVERNING LAW', 'INSURANCE'] });
    const none = await copy({ targetConceptListIDs: `${target.listId}` });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(M.selectHeads);
    expect(
      (await copy({ targetConceptListIDs: `${target.listId}`, sourceConceptIDs: `${law}` }, t.user)).statusCode,
    ).toBe(403);
    expect(
      (await copy({ targetConceptListIDs: `${target.listId}`, sourceConceptIDs: `${law}` }, t.otherAdmin)).statusCode,
    ).toBe(404);
  });

  it("copies into a shared list as the assigned organisation's own copy", async () => {
    const shared = await sharedList(h(), t, [headInput('Governing law')]);
    const mine = await createList(h(), t.otherAdmin, {
      organisationIDs: [h().ids.otherOrg],
      userIDs: [h().ids.otherAdmin],
      heads: [headInput('Force majeure')],
    });
    const res = await h().request('POST', '/api/concept-content/update/combine/', {
      token: t.otherAdmin,
      query: { targetConceptListIDs: `${shared.listId}`, sourceConceptIDs: `${mine.headIds[0]}` },
    });
    expect(res.json<ConceptCopyResponse>().copied).toBe(1);
    expect((await headsOfList(t.admin, shared.listId)).map((x) => x.head)).toEqual(['GOVERNING LAW']);
    const name = (
      await h().request('GET', '/api/concept-list/create/', { token: t.admin, query: { conceptListID: shared.listId } })
    ).json<{ concept_list: ConceptListDetail[] }>().concept_list[0]?.concept_list;
    const lists = (await h().request('GET', '/api/concept-list/', { token: t.otherAdmin })).json<{
      concept_list: { concept_list_id: number; concept_list: string }[];
    }>();
    const copyId = lists.concept_list.find((l) => l.concept_list === name)?.concept_list_id;
    expect(copyId).not.toBe(shared.listId);
    expect(res.json<ConceptCopyResponse>().concept_list_ids).toEqual([copyId]);
    expect((await headsOfList(t.otherAdmin, copyId as number)).map((x) => x.head)).toEqual([
      'GOVERNING LAW',
      'FORCE MAJEURE',
    ]);
  });
});
