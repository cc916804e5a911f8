import {
  conceptMessages as M,
  type Amendment,
  type FeedbackCounts,
  type FeedbackRow,
  type HeadPartSaved,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createList, headInput, sharedList, tokensOf, type Tokens } from './analyser-test-helpers.ts';
import { recordFeedback } from './index.ts';

describeEachDatabase('amendments and the response log', (h) => {
  let t: Tokens;
  beforeAll(async () => {
    t = await tokensOf(h());
  });
  const amendments = async (token: string, head: number, query: Record<string, string> = {}) =>
    (await h().request('GET', `/api/concept/amendments/${head}/`, { token, query })).json<{ data: Amendment[] }>().data;
  const add = (token: string, head: number, body: object, query: Record<string, string> = {}) =>
    h().request('POST', `/api/concept/amendments/${head}/`, { token, body, query });

  it('adds, filters, searches, edits and deletes an amendment with the spec messages', async () => {
    const { headIds } = await createList(h(), t.admin);
    const head = headIds[0] as number;
    const missingType = await add(t.admin, head, { amendment: 'x' });
    expect(missingType.statusCode).toBe(400);
    expect(missingType.json().detail).toBe(M.amendmentTypeRequired);
    const added = await add(t.admin, head, { amendment_type: 'Text', amendment: 'Prefer English law' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ detail: M.amendmentAdded, concept_id: head });
    await add(t.admin, head, { amendment_type: 'Note', amendment: 'Check the courts clause too' });
    expect((await amendments(t.user, head)).map((a) => a.amendment_type)).toEqual(['Text', 'Note']);
    const notes = await amendments(t.user, head, { type: 'Note' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ created_by: 'Ada Admin', actions: { edit: false, delete: false } });
    const found = await h().request('GET', `/api/concept/amendments-search/${head}/`, {
      token: t.admin,
      query: { search_key: 'english' },
    });
    expect(found.json<{ data: Amendment[] }>().data.map((a) => a.amendment)).toEqual(['Prefer English law']);
    const id = (await amendments(t.admin, head))[0]?.id as number;
    const url = `/api/concept/amendment/modification/${id}/`;
    const edited = await h().request('PUT', url, {
      token: t.admin,
      body: { amendment_type: 'Clause', amendment: 'Use clause 14' },
    });
    expect(edited.json<HeadPartSaved>().detail).toBe(M.amendmentUpdated);
    expect((await amendments(t.admin, head))[0]).toMatchObject({
      amendment_type: 'Clause',
      amendment: 'Use clause 14',
    });
    expect(
      (await h().request('PUT', url, { token: t.user, body: { amendment_type: 'Text', amendment: 'x' } })).statusCode,
    ).toBe(403);
    expect((await h().request('DELETE', url, { token: t.otherAdmin })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/concept/amendments/${head}/`, { token: t.otherAdmin })).statusCode).toBe(
      404,
    );
    expect((await h().request('GET', `/api/concept/amendments/${head}/`)).statusCode).toBe(401);
    const removed = await h().request('DELETE', url, { token: t.admin, query: { updateAll: 'false' } });
    expect(removed.json<HeadPartSaved>().detail).toBe(M.amendmentDeleted);
    expect(await amendments(t.admin, head)).toHaveLength(1);
  });

  it("gives the super user the whole repository of the lists it curates, never a firm's private list", async () => {
    const head = `Whole repository ${Date.now()}`;
    const demo = await createList(h(), t.admin, { heads: [headInput(head)] });
    // Assigned to Other Firm by the provider: curated. Other Firm's own list of the same head stays its own.
    const curated = await createList(h(), t.super, {
      organisationIDs: [h().ids.demoOrg, h().ids.otherOrg],
      userIDs: [h().ids.admin, h().ids.otherAdmin],
      heads: [headInput(head)],
    });
    const other = await createList(h(), t.otherAdmin, {
      organisationIDs: [h().ids.otherOrg],
      userIDs: [h().ids.otherAdmin],
      heads: [headInput(head)],
    });
    const [demoHead, curatedHead, otherHead] = [demo.headIds[0], curated.headIds[0], other.headIds[0]] as number[];
    const added = await add(
      t.super,
      demoHead as number,
      { amendment_type: 'Text', amendment: 'Everywhere' },
      { updateAll: 'true' },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await amendments(t.otherAdmin, curatedHead as number)).map((a) => a.amendment)).toEqual(['Everywhere']);
    expect(await amendments(t.otherAdmin, otherHead as number)).toEqual([]);
    // Only this concept: the super user's "No".
    await add(t.super, demoHead as number, { amendment_type: 'Text', amendment: 'Here only' }, { updateAll: 'false' });
    expect((await amendments(t.otherAdmin, curatedHead as number)).map((a) => a.amendment)).toEqual(['Everywhere']);
    const id = (await amendments(t.super, demoHead as number))[0]?.id as number;
    await h().request('PUT', `/api/concept/amendment/modification/${id}/`, {
      token: t.super,
      query: { updateAll: 'true' },
      body: { amendment_type: 'Note', amendment: 'Everywhere, edited' },
    });
    expect((await amendments(t.admin, curatedHead as number)).map((a) => a.amendment)).toEqual(['Everywhere, edited']);
    // Other Firm's admin amends the curated head in its own copy, which keeps the group: the group's edits by
    // the provider reach the curated lists only, never Other Firm's copy.
    const edited = await add(t.otherAdmin, curatedHead as number, { amendment_type: 'Note', amendment: 'Ours' });
    const copyHead = edited.json<HeadPartSaved>().concept_id;
    expect(copyHead).not.toBe(curatedHead);
    expect((await amendments(t.otherAdmin, copyHead)).map((a) => a.amendment)).toEqual(['Everywhere, edited', 'Ours']);
    expect((await h().request('GET', `/api/concept/amendments/${copyHead}/`, { token: t.super })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/concept/amendments/${otherHead}/`, { token: t.super })).statusCode).toBe(
      404,
    );
    await h().request('DELETE', `/api/concept/amendment/modification/${id}/`, {
      token: t.super,
      query: { updateAll: 'true' },
    });
    expect((await amendments(t.admin, demoHead as number)).map((a) => a.amendment)).toEqual(['Here only']);
    expect(await amendments(t.admin, curatedHead as number)).toEqual([]);
    expect((await amendments(t.otherAdmin, copyHead)).map((a) => a.amendment)).toEqual(['Everywhere, edited', 'Ours']);
  });

  it("adds an assigned organisation's amendment to its own copy only", async () => {
    const { headIds } = await sharedList(h(), t);
    const head = headIds[0] as number;
    const res = await add(t.otherAdmin, head, { amendment_type: 'Text', amendment: 'Ours' });
    const copyHead = res.json<HeadPartSaved>().concept_id;
    expect(copyHead).not.toBe(head);
    expect(await amendments(t.admin, head)).toEqual([]);
    expect((await amendments(t.otherAdmin, copyHead)).map((a) => a.amendment)).toEqual(['Ours']);
  });

  it('counts votes per term and pages them: each organisation reads its own votes, the super user too; staff delete (204)', async () => {
    const { headIds } = await sharedList(h(), t);
    const head = headIds[0] as number;
    const actor = async (token: string) => h().actorOf(token);
    await recordFeedback(h().ctx, await actor(t.admin), head, { thumbs_up: true, comments: 'Good hit', term: 'alpha' });
    await recordFeedback(h().ctx, await actor(t.user), head, {
      thumbs_up: false,
      comments: 'c'.repeat(150),
      term: 'alpha',
    });
    await recordFeedback(h().ctx, await actor(t.user), head, { thumbs_up: null, comments: '', term: 'beta' });
    await recordFeedback(h().ctx, await actor(t.otherAdmin), head, {
      thumbs_up: true,
      comments: 'Other',
      term: 'beta',
    });
    const counts = async (token: string) =>
      (await h().request('GET', `/api/feedbacks/count/${head}/`, { token })).json<FeedbackCounts>();
    expect(await counts(t.admin)).toEqual({
      thumbs_up_count: 1,
      thumbs_down_count: 1,
      terms: [{ term: 'alpha', likes: 1, dislikes: 1, liked_share: 0.5 }],
      covers: 'organisation',
    });
    expect(await counts(t.otherAdmin)).toEqual({
      thumbs_up_count: 1,
      thumbs_down_count: 0,
      terms: [{ term: 'beta', likes: 1, dislikes: 0, liked_share: 1 }],
      covers: 'organisation',
    });
    // The list is curated (the super user created it): the provider counts every organisation's votes, anonymously.
    expect((await counts(t.super)).thumbs_up_count).toBe(2);
    const page = async (token: string) =>
      (await h().request('GET', `/api/feedbacks/concept/${head}/`, { token, query: { page_no: 1, limits: 10 } })).json<{
        data: FeedbackRow[];
        page: { total_count: number };
      }>();
    const demo = await page(t.user);
    expect(demo.page.total_count).toBe(3);
    expect(demo.data.map((row) => row.created_user)).toEqual(['Uma User', 'Uma User', 'Ada Admin']);
    expect(demo.data[2]).toMatchObject({ thumbs_up: true, comments: 'Good hit', actions: { delete: false } });
    expect((await page(t.otherAdmin)).data.map((row) => row.comments)).toEqual(['Other']);
    // The super user (of Demo Law LLP) reads its own organisation's votes only: no comment or name of Other Firm's.
    const provider = await page(t.super);
    expect(provider.page.total_count).toBe(3);
    expect(provider.data.map((row) => row.comments)).not.toContain('Other');
    const otherVote = (await page(t.otherAdmin)).data[0]?.id as number;
    expect((await h().request('DELETE', `/api/feedback/delete/${otherVote}/`, { token: t.super })).statusCode).toBe(
      404,
    );
    expect((await h().request('DELETE', `/api/feedback/delete/${otherVote}/`, { token: t.admin })).statusCode).toBe(
      404,
    );
    expect((await h().request('DELETE', `/api/feedback/delete/${otherVote}/`, { token: t.user })).statusCode).toBe(403);
    expect((await h().request('DELETE', `/api/feedback/delete/${otherVote}/`)).statusCode).toBe(401);
    const gone = await h().request('DELETE', `/api/feedback/delete/${otherVote}/`, { token: t.otherAdmin });
    expect(gone.statusCode).toBe(204);
    expect((await page(t.otherAdmin)).data).toEqual([]);
    const unseen = await createList(h(), t.admin, { userIDs: [h().ids.admin] });
    expect(
      (await h().request('GET', `/api/feedbacks/count/${unseen.headIds[0]}/`, { token: t.otherAdmin })).statusCode,
    ).toBe(404);
    expect(
      (await h().request('GET', `/api/feedbacks/concept/${unseen.headIds[0]}/`, { token: t.user })).statusCode,
    ).toBe(404);
  });

  it("answers the provider's super user of another organisation no vote, comment or name of a firm", async () => {
    const provider = await h().freshSession('super', h().ids.otherOrg);
    const head = (await createList(h(), t.admin, { userIDs: [h().ids.admin] })).headIds[0] as number;
    const firm = await h().actorOf(t.admin);
    const vote = await recordFeedback(h().ctx, firm, head, {
      thumbs_up: true,
      comments: 'Client X hit',
      term: 'alpha',
    });
    for (const url of [`/api/feedbacks/count/${head}/`, `/api/feedbacks/concept/${head}/`]) {
      const res = await h().request('GET', url, { token: provider.token, query: { page_no: 1, limits: 10 } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Client X');
    }
    expect((await h().request('DELETE', `/api/feedback/delete/${vote}/`, { token: provider.token })).statusCode).toBe(
      404,
    );
    // The firm's own admin still reads and deletes it.
    const own = await h().request('GET', `/api/feedbacks/concept/${head}/`, { token: t.admin });
    expect(own.json<{ data: FeedbackRow[] }>().data).toMatchObject([
      { comments: 'Client X hit', created_user: 'Ada Admin' },
    ]);
    expect((await h().request('DELETE', `/api/feedback/delete/${vote}/`, { token: t.admin })).statusCode).toBe(204);
  });

  it('gives the provider anonymous per-term counts of a list it curates, and none of the votes', async () => {
    const provider = await h().freshSession('super', h().ids.otherOrg);
    const curated = await createList(h(), provider.token, {
      organisationIDs: [h().ids.otherOrg],
      userIDs: [provider.id],
      assignAll: true,
    });
    const head = curated.headIds[0] as number;
    await recordFeedback(h().ctx, await h().actorOf(t.admin), head, {
      thumbs_up: true,
      comments: 'Seen in the Smith lease',
      term: 'alpha',
    });
    // A term the voter typed outside the head's words is counted but never named to the provider.
    await recordFeedback(h().ctx, await h().actorOf(t.admin), head, {
      thumbs_up: false,
      comments: '',
      term: 'Smith Holdings',
    });
    const counts = await h().request('GET', `/api/feedbacks/count/${head}/`, { token: provider.token });
    expect(counts.json()).toEqual({
      thumbs_up_count: 1,
      thumbs_down_count: 1,
      terms: [{ term: 'alpha', likes: 1, dislikes: 0, liked_share: 1 }],
      covers: 'every_organisation',
    });
    const votes = await h().request('GET', `/api/feedbacks/concept/${head}/`, { token: provider.token });
    expect(votes.json<{ page: { total_count: number } }>().page.total_count).toBe(0);
    expect(votes.body).not.toMatch(/Smith|Ada/);
    // Demo Law's admin reads its own votes in full, terms included.
    const own = await h().request('GET', `/api/feedbacks/count/${head}/`, { token: t.admin });
    expect(own.json<FeedbackCounts>().terms.map((term) => term.term)).toEqual(['alpha', 'Smith Holdings']);
  });
});
