import {
  conceptMessages as M,
  type ConceptContentPage,
  type ConceptListDetail,
  type ConceptListOptions,
  type ConceptListUpdated,
  type ConceptListVersions,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createList, headInput, sharedList, tokensOf, uniqueListName, type Tokens } from './analyser-test-helpers.ts';

describeEachDatabase('concept lists', (h) => {
  let t: Tokens;
  beforeAll(async () => {
    t = await tokensOf(h());
  });
  const detail = async (token: string, listId: number) => {
    const res = await h().request('GET', '/api/concept-list/create/', { token, query: { conceptListID: listId } });
    return {
      status: res.statusCode,
      list: res.statusCode === 200 ? res.json<{ concept_list: ConceptListDetail[] }>().concept_list[0] : undefined,
    };
  };
  const names = async (token: string) =>
    (await h().request('GET', '/api/concept-list/', { token }))
      .json<ConceptListOptions>()
      .concept_list.map((l) => l.concept_list);

  it('creates a list (201) that its organisation sees, with its draft, and that another organisation does not', async () => {
    const name = uniqueListName();
    const { listId, headIds } = await createList(h(), t.admin, { name });
    expect(headIds).toHaveLength(2);
    const { list } = await detail(t.admin, listId);
    expect(list).toMatchObject({
      concept_list: name,
      organisation_id: [h().ids.demoOrg],
      isCreatedBysuperadmin: false,
      own: true,
      version: 1,
      draft:
        'GOVERNING LAW[<p>Governing law means something.</p>]->alpha | beta | first phrase\nTERMINATION[<p>Termination means something.</p>]->alpha | beta | first phrase',
      actions: { edit: true, description: true, amendment: true, delete: true },
    });
    expect(await names(t.admin)).toContain(name);
    expect(await names(t.user)).toContain(name);
    expect(await names(t.otherAdmin)).not.toContain(name);
    expect((await detail(t.otherAdmin, listId)).status).toBe(404);
    expect((await h().request('GET', '/api/concept-list/')).statusCode).toBe(401);
  });

  it('answers every validation message of spec 03 §5 on create, 409 for a taken name, 403 for a user', async () => {
    const post = (token: string, body: object) => h().request('POST', '/api/concept-list/', { token, body });
    const valid = {
      name: uniqueListName(),
      organisationIDs: [h().ids.demoOrg],
      userIDs: [h().ids.admin],
      concepts: [headInput('One')],
    };
    const cases: [object, string][] = [
      [{ ...valid, name: '  ' }, M.nameRequired],
      [{ ...valid, organisationIDs: [] }, M.selectOrganisation],
      [{ ...valid, userIDs: [] }, M.selectUser],
      [{ ...valid, concepts: [] }, M.draftRequired],
      [{ ...valid, concepts: [headInput('  ')] }, M.headRequired],
      [{ ...valid, concepts: [headInput('One'), headInput(' one ')] }, M.headAlreadyDrafted],
    ];
    for (const [body, message] of cases) {
      const res = await post(t.admin, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    expect((await post(t.admin, valid)).statusCode).toBe(201);
    const taken = await post(t.admin, { ...valid, name: valid.name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(M.nameExists);
    expect((await post(t.user, { ...valid, name: uniqueListName() })).statusCode).toBe(403);
    const assignAll = await post(t.admin, { ...valid, name: uniqueListName(), is_assigned_to_all: true });
    expect(assignAll.statusCode).toBe(403);
    expect(assignAll.json().detail).toBe(M.assignAllSuperOnly);
    const foreign = await post(t.admin, { ...valid, name: uniqueListName(), organisationIDs: [h().ids.otherOrg] });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe(M.notYourOrganisation);
  });

  it('pages and searches the repository and a list’s heads; a plain user sees only lists naming them', async () => {
    const name = uniqueListName('Searchable');
    const { listId } = await createList(h(), t.admin, {
      name,
      userIDs: [h().ids.admin],
      heads: [headInput('Payment', 'invoice'), headInput('Warranty', 'defects')],
    });
    const page = (token: string, url: string, query: Record<string, string | number>) =>
      h().request('GET', url, { token, query });
    const lists = (
      await page(t.admin, '/api/concept-content/list/', { page_no: 1, limits: 10 })
    ).json<ConceptContentPage>();
    expect(lists.kind).toBe('lists');
    expect(lists.data[0] && 'concept_list' in lists.data[0] ? lists.data[0].concept_list : '').toBe(name);
    const found = (
      await page(t.admin, '/api/concept-content/search/', { search: 'defects' })
    ).json<ConceptContentPage>();
    expect(found.data.map((row) => ('concept_list' in row ? row.concept_list : ''))).toEqual([name]);
    const heads = (
      await page(t.admin, '/api/concept-content/search/', { search: 'warr', conceptListID: listId })
    ).json<ConceptContentPage>();
    expect(heads.kind).toBe('heads');
    expect(heads.data.map((row) => ('head' in row ? row.head : ''))).toEqual(['WARRANTY']);
    const userLists = (await page(t.user, '/api/concept-content/list/', { limits: 100 })).json<ConceptContentPage>();
    const userNames = userLists.data.map((row) => ('concept_list' in row ? row.concept_list : ''));
    expect(userNames).not.toContain(name);
    expect(userLists.data[0] && 'actions' in userLists.data[0] ? userLists.data[0].actions : null).toEqual({
      edit: false,
      description: true,
      amendment: false,
      delete: false,
    });
    const hidden = await page(t.otherAdmin, '/api/concept-content/list/', { concept_list_id: listId });
    expect(hidden.statusCode).toBe(404);
  });

  it("edits in place for the owner; an assigned organisation's edit makes its own copy, and neither sees the other's change", async () => {
    const { listId } = await sharedList(h(), t);
    // The owner's edit reaches the assigned organisation.
    const own = await h().request('PUT', '/api/concept-list/', {
      token: t.admin,
      query: { concept_list_id: listId },
      body: { concepts: [headInput('Governing law', 'owner')] },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<ConceptListUpdated>().id).toBe(listId);
    expect((await detail(t.otherAdmin, listId)).list?.heads.map((x) => x.terms)).toEqual(['owner']);
    // Other Firm's edit lands in its own copy; Demo Law still sees its list unchanged.
    const other = await h().request('PUT', '/api/concept-list/', {
      token: t.otherAdmin,
      query: { concept_list_id: listId, updateAll: 'False' },
      body: { concepts: [headInput('Governing law', 'other')] },
    });
    expect(other.statusCode, other.body).toBe(200);
    const copyId = other.json<ConceptListUpdated>().id;
    expect(copyId).not.toBe(listId);
    expect((await detail(t.admin, listId)).list?.heads.map((x) => x.terms)).toEqual(['owner']);
    expect((await detail(t.admin, copyId)).status).toBe(404);
    expect((await detail(t.otherAdmin, copyId)).list?.heads.map((x) => x.terms)).toEqual(['other']);
    expect((await detail(t.otherAdmin, listId)).status).toBe(404);
    // A later owner edit no longer reaches Other Firm's copy.
    await h().request('PUT', '/api/concept-list/', {
      token: t.admin,
      query: { concept_list_id: listId },
      body: { concepts: [headInput('Governing law', 'again')] },
    });
    expect((await detail(t.otherAdmin, copyId)).list?.heads.map((x) => x.terms)).toEqual(['other']);
  });

  it('numbers versions, deletes (owner) or removes (assigned organisation) a list', async () => {
    const { listId } = await sharedList(h(), t);
    const locked = await h().request('PUT', '/api/concept-list/', {
      token: t.admin,
      query: { concept_list_id: listId },
      body: { name: uniqueListName('Renamed') },
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().detail).toBe(M.superListLocked);
    await h().request('PUT', '/api/concept-list/', {
      token: t.super,
      query: { concept_list_id: listId },
      body: { name: uniqueListName('Renamed'), concepts: [headInput('Governing law', 'x'), headInput('New')] },
    });
    const versions = (
      await h().request('GET', `/api/concept-list/versions/${listId}/`, { token: t.admin })
    ).json<ConceptListVersions>();
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.data[0]?.changes).toEqual([
      { head: 'GOVERNING LAW', change: 'changed' },
      { head: 'NEW', change: 'added' },
      { head: 'TERMINATION', change: 'removed' },
    ]);
    expect(versions.data[0]?.changed_by).toBe('Sam Super');
    expect((await h().request('DELETE', `/api/concept-list/${listId}/`, { token: t.user })).statusCode).toBe(403);
    const removed = await h().request('DELETE', `/api/concept-list/${listId}/`, { token: t.otherAdmin });
    expect(removed.json()).toEqual({ detail: M.listDeleted });
    expect((await detail(t.otherAdmin, listId)).status).toBe(404);
    expect((await detail(t.admin, listId)).status).toBe(200);
    expect((await h().request('DELETE', `/api/concept-list/${listId}/`, { token: t.admin })).statusCode).toBe(200);
    expect((await detail(t.admin, listId)).status).toBe(404);
    expect((await h().request('DELETE', `/api/concept-list/${listId}/`)).statusCode).toBe(401);
  });

  it('replaces the heads from the draft text, naming a line that is not a draft line', async () => {
    const { listId } = await createList(h(), t.admin);
    const put = (draft: string) =>
      h().request('PUT', '/api/concept-list/', { token: t.admin, query: { concept_list_id: listId }, body: { draft } });
    const bad = await put('LAW[x]->a\nnot a line');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(M.draftLine(2));
    const empty = await put('  ');
    expect(empty.json().detail).toBe(M.draftRequired);
    const twice = await put('LAW[]->a\nlaw[]->b');
    expect(twice.json().detail).toBe(M.headAlreadyDrafted);
    expect((await put('GOVERNING LAW[<p>Law</p>]->governed | laws of\nNEW[]->x')).statusCode).toBe(200);
    expect((await detail(t.admin, listId)).list?.heads.map((x) => [x.head, x.terms, x.phrases])).toEqual([
      ['GOVERNING LAW', 'governed', 'laws of'],
      ['NEW', 'x', ''],
    ]);
  });

  it("shows the super user, naming an organisation, the provider's lists it sees, never its private lists", async () => {
    const name = uniqueListName('Other only');
    await createList(h(), t.otherAdmin, { name, organisationIDs: [h().ids.otherOrg], userIDs: [h().ids.otherAdmin] });
    const curated = uniqueListName('Curated');
    await createList(h(), t.super, {
      name: curated,
      organisationIDs: [h().ids.demoOrg, h().ids.otherOrg],
      userIDs: [h().ids.admin],
    });
    const read = async (organisationId: number) =>
      (await h().request('GET', '/api/concept-list/', { token: t.super, query: { organisation_id: organisationId } }))
        .json<ConceptListOptions>()
        .concept_list.map((l) => l.concept_list);
    expect(await read(h().ids.otherOrg)).toContain(curated);
    expect(await read(h().ids.otherOrg)).not.toContain(name);
    expect(await read(h().ids.demoOrg)).not.toContain(name);
    expect(await names(t.admin)).not.toContain(name);
  });

  it("answers a firm's private list like a missing one to the provider's super user of another organisation", async () => {
    const provider = await h().freshSession('super', h().ids.otherOrg);
    const name = uniqueListName('Firm private');
    const { listId, headIds } = await createList(h(), t.admin, { name });
    const curated = uniqueListName('Provider curated');
    await createList(h(), provider.token, {
      name: curated,
      organisationIDs: [h().ids.otherOrg, h().ids.demoOrg],
      userIDs: [provider.id],
    });
    const everything = await h().request('GET', '/api/concept-content/list/', {
      token: provider.token,
      query: { page_no: 1, limits: 100 },
    });
    expect(everything.body).toContain(curated);
    expect(everything.body).not.toContain(name);
    for (const url of [
      `/api/concept-list/versions/${listId}/`,
      `/api/concept-list/export/${listId}/`,
      `/api/concept-list/rules/${headIds[0]}/`,
      `/api/concept/amendments/${headIds[0]}/`,
    ]) {
      const res = await h().request('GET', url, { token: provider.token });
      expect(res.statusCode, url).toBe(404);
    }
    // The firm's own admin still reads it.
    expect((await h().request('GET', `/api/concept-list/versions/${listId}/`, { token: t.admin })).statusCode).toBe(
      200,
    );
  });

  it("refuses the super user another organisation's document type on a list, as for an unknown one", async () => {
    const type = await h().request('POST', '/api/concept/document-type/', {
      token: t.otherAdmin,
      body: { type_name: uniqueListName('Firm type'), description: 'A type' },
    });
    const typeId = type.json<{ data: { id: number } }>().data.id;
    const res = await h().request('POST', '/api/concept-list/', {
      token: t.super,
      body: {
        name: uniqueListName(),
        concept_doc_id: typeId,
        organisationIDs: [h().ids.demoOrg],
        userIDs: [h().ids.admin],
        concepts: [headInput('Governing law')],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe(M.unknownDocumentType);
  });
});
