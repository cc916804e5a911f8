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

  it('gives the super user the whole repository: every head of that name in every list, edited and deleted as a group', async () => {
    const head = `Whole repository ${Date.now()}`;
    const demo = await createList(h(), t.admin, { heads: [headInput(head)] });
    const other = await createList(h(), t.otherAdmin, {
      organisationIDs: [h().ids.otherOrg],
      userIDs: [h().ids.otherAdmin],
      heads: [headInput(head)],
    });
    const [demoHead, otherHead] = [demo.headIds[0] as number, other.headIds[0] as number];
    const added = await add(
      t.super,
      demoHead,
      { amendment_type: 'Text', amendment: 'Everywhere' },
      { updateAll: 'true' },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((await amendments(t.otherAdmin, otherHead)).map((a) => a.amendment)).toEqual(['Everywhere']);
    // Only this concept: the super user's "No".
    await add(t.super, demoHead, { amendment_type: 'Text', amendment: 'Here only' }, { updateAll: 'false' });
    expect((await amendments(t.otherAdmin, otherHead)).map((a) => a.amendment)).toEqual(['Everywhere']);
    const id = (await amendments(t.super, demoHead))[0]?.id as number;
    await h().request('PUT', `/api/concept/amendment/modification/${id}/`, {
      token: t.super,
      query: { updateAll: 'true' },
      body: { amendment_type: 'Note', amendment: 'Everywhere, edited' },
    });
    expect((await amendments(t.otherAdmin, otherHead)).map((a) => a.amendment)).toEqual(['Everywhere, edited']);
    // Other Firm's admin edits its own list's amendment alone: Demo Law's stays.
    const otherId = (await amendments(t.otherAdmin, otherHead))[0]?.id as number;
    await h().request('PUT', `/api/concept/amendment/modification/${otherId}/`, {
      token: t.otherAdmin,
      body: { amendment_type: 'Note', amendment: 'Other only' },
    });
    expect((await amendments(t.admin, demoHead)).map((a) => a.amendment)).toEqual(['Everywhere, edited', 'Here only']);
    await h().request('DELETE', `/api/concept/amendment/modification/${id}/`, {
      token: t.super,
      query: { updateAll: 'true' },
    });
    expect((await amendments(t.admin, demoHead)).map((a) => a.amendment)).toEqual(['Here only']);
    expect(await amendments(t.otherAdmin, otherHead)).toEqual([]);
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

  it('counts votes per term and pages them: each organisation reads its own, the super user all; staff delete (204)', async () => {
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
    });
    expect(await counts(t.otherAdmin)).toEqual({
      thumbs_up_count: 1,
      thumbs_down_count: 0,
      terms: [{ term: 'beta', likes: 1, dislikes: 0, liked_share: 1 }],
    });
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
    expect((await page(t.super)).page.total_count).toBe(4);
    const otherVote = (await page(t.otherAdmin)).data[0]?.id as number;
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
});
