import {
  reviewMessages as m,
  type ReviewRun,
  type ReviewSearchList,
  type ReviewSearchPage,
  type SavedSearchDetail,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/harness.ts';
import { buildText } from '../../documents/index.ts';
import { indexNow, uploadOk } from '../../cases/case-test-helpers.ts';
import { tokensOf, type Tokens } from '../analyser-test-helpers.ts';
import { caseWithDocuments, reviewList, runReview, saveReview } from './review-test-helpers.ts';

describeEachDatabase('saved searches (save-search)', (h) => {
  let t: Tokens;
  let list: { listId: number; headIds: number[] };
  beforeAll(async () => {
    t = await tokensOf(h());
    list = await reviewList(h(), t.admin);
  });
  const reviewOf = async (token: string, documents: Record<string, string[]>, title: string) => {
    const theCase = await caseWithDocuments(h(), t.admin, documents, { title });
    const run = await runReview(h(), token, { concept_list_id: list.listId, case_ids: [theCase.caseId] });
    return { theCase, run };
  };
  const listOf = async (token: string) => {
    const res = await h().request('GET', '/api/save-search/', { token, query: { page_no: 1, limits: 200 } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReviewSearchList>();
  };
  const detailOf = async (token: string, id: number, kind = 'review') => {
    const res = await h().request('GET', `/api/save-search/data/${id}/`, { token, query: { kind } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SavedSearchDetail>();
  };

  it('saves a finished run with its inputs and figures; the list shows it with the case searches', async () => {
    const { theCase, run } = await reviewOf(
      t.user,
      { 'deed.txt': ['The rent review is governed by law.'] },
      'Deed case',
    );
    const row = await saveReview(h(), t.user, run.run_id, 35);
    expect(row).toMatchObject({
      kind: 'review',
      multiple: false,
      concept_list_id: list.listId,
      case: [{ id: theCase.caseId, title: 'Deed case' }],
      documents: [{ id: theCase.documentIds[0], name: 'deed.txt' }],
      horizon: 30,
      terms: null,
      actions: { view: true, delete: true },
    });
    h().clock.advance({ minutes: 1 });
    const caseSearch = await h().request('POST', `/api/case/${theCase.caseId}/saved-searches/`, {
      token: t.user,
      body: { terms: 'rent review' },
    });
    expect(caseSearch.statusCode, caseSearch.body).toBe(201);
    const listed = await listOf(t.user);
    const mine = listed.data.filter((r) => r.case[0]?.id === theCase.caseId);
    expect(mine.map((r) => [r.kind, r.terms])).toEqual([
      ['case_search', 'rent review'],
      ['review', null],
    ]);
    expect(listed.concept_lists.map((c) => c.concept_list__concept_name)).toContain(row.concept_list);
    expect(listed.cases.map((c) => c.case_id__title)).toContain('Deed case');
    expect(listed.documents.map((d) => d.name)).toContain('deed.txt');
    const suggestions = await h().request('GET', '/api/save-search/advance-search/', { token: t.user });
    expect(suggestions.json()).toEqual({
      concept_lists: listed.concept_lists,
      cases: listed.cases,
      documents: listed.documents,
    });

    const detail = await detailOf(t.user, row.id);
    expect(detail.stale).toEqual([]);
    expect(detail.openable_document_ids).toEqual(theCase.documentIds);
    expect(detail.result?.results[0]?.concepts.map((c) => [c.head, c.count])).toEqual([
      ['LAW', 2],
      ['RENT', 2],
    ]);
    const caseDetail = await detailOf(t.user, mine[0]?.id ?? 0, 'case_search');
    expect(caseDetail).toMatchObject({
      inputs: null,
      result: null,
      row: { kind: 'case_search', terms: 'rent review' },
    });
  });

  it('lets every role list, search and read the suggestions; no token answers 401', async () => {
    for (const token of [t.super, t.admin, t.user, t.otherAdmin]) {
      for (const url of ['/api/save-search/', '/api/save-search/advance-search/', '/api/save-search/filter/'])
        expect((await h().request('GET', url, { token })).statusCode, url).toBe(200);
    }
    for (const url of ['/api/save-search/', '/api/save-search/advance-search/', '/api/save-search/filter/'])
      expect((await h().request('GET', url)).statusCode, url).toBe(401);
  });

  it('refuses to save a run of another user or one unknown', async () => {
    const { run } = await reviewOf(t.admin, { 'x.txt': ['rent'] }, 'Run owner');
    const res = await h().request('POST', '/api/save-search/', { token: t.user, body: { run_id: run.run_id } });
    expect(res.statusCode).toBe(404);
    const bad = await h().request('POST', '/api/save-search/', { token: t.user, body: { run_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await h().request('POST', '/api/save-search/', { body: { run_id: run.run_id } })).statusCode).toBe(401);
  });

  it('finds saved searches by the search box and the advanced search; an empty advanced search is refused', async () => {
    const { run } = await reviewOf(t.admin, { 'unique-findme.txt': ['rent'] }, 'Advanced case');
    const row = await saveReview(h(), t.admin, run.run_id);
    const box = await h().request('GET', '/api/save-search/filter/', { token: t.admin, query: { search: 'FINDME' } });
    expect(box.json<ReviewSearchPage>().data.map((r) => r.id)).toEqual([row.id]);
    const advanced = (body: object) =>
      h().request('POST', '/api/save-search/filter/', { token: t.admin, query: { page_no: 1, limits: 10 }, body });
    let res = await advanced({ case_title: 'advanced CASE', document_name: 'findme' });
    expect(res.json<ReviewSearchPage>().data.map((r) => r.id)).toEqual([row.id]);
    res = await advanced({ case_title: 'advanced case', document_name: 'nothing like it' });
    expect(res.json<ReviewSearchPage>()).toMatchObject({ data: [], page: { total_count: 0 } });
    res = await advanced({ conceptlist: row.concept_list ?? '' });
    expect(res.json<ReviewSearchPage>().data.map((r) => r.id)).toContain(row.id);
    res = await advanced({ case_title: '  ', document_name: '', conceptlist: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(m.searchFieldsEmpty);
    // A user sees only their own; another organisation none of these.
    const asUser = await h().request('GET', '/api/save-search/filter/', { token: t.user, query: { search: 'findme' } });
    expect(asUser.json<ReviewSearchPage>().data).toEqual([]);
    const asOther = await h().request('GET', '/api/save-search/filter/', {
      token: t.otherAdmin,
      query: { search: 'findme' },
    });
    expect(asOther.json<ReviewSearchPage>().data).toEqual([]);
  });

  it('pages both kinds merged, newest first', async () => {
    const { theCase, run } = await reviewOf(t.admin, { 'p.txt': ['rent'] }, 'Paging case');
    await saveReview(h(), t.admin, run.run_id);
    for (const terms of ['one', 'two']) {
      h().clock.advance({ minutes: 1 });
      await h().request('POST', `/api/case/${theCase.caseId}/saved-searches/`, { token: t.admin, body: { terms } });
    }
    const page = (page_no: number) =>
      h().request('GET', '/api/save-search/filter/', {
        token: t.admin,
        query: { search: 'paging case', page_no, limits: 10 },
      });
    const first = (await page(1)).json<ReviewSearchPage>();
    expect(first.page).toMatchObject({ total_count: 3, total_pages: 1 });
    expect(first.data.map((r) => r.terms)).toEqual(['two', 'one', null]);
    expect((await page(2)).json<ReviewSearchPage>().data).toEqual([]);
  });

  it('says why saved figures may be stale, and re-runs on the list and documents as they are now', async () => {
    const { theCase, run } = await reviewOf(t.admin, { 'a.txt': ['rent'], 'b.txt': ['law'] }, 'Stale case');
    const row = await saveReview(h(), t.admin, run.run_id);
    expect((await detailOf(t.admin, row.id)).stale).toEqual([]);
    await h().request('DELETE', `/api/document/${theCase.documentIds[1]}/`, { token: t.admin });
    await uploadOk(h(), t.admin, theCase.caseId, 'c.txt', buildText('c', ['rent rent']));
    await indexNow(h());
    const edited = await h().request('PUT', '/api/concept-content/single/', {
      token: t.admin,
      query: { conceptID: list.headIds[1] as number, updateAll: 'true' },
      body: [{ head: 'Rent', definition: '', terms: 'rent | rents', phrases: 'rent review' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await detailOf(t.admin, row.id);
    expect(stale.stale.map((s) => s.reason).sort()).toEqual(['documents_added', 'documents_removed', 'list_changed']);
    expect(stale.stale.find((s) => s.reason === 'list_changed')?.detail).toBe(m.staleListChanged);
    // The saved figures stay as counted.
    expect(stale.result?.results.map((d) => d.document)).toEqual(['a.txt', 'b.txt']);
    const rerun = await h().request('POST', `/api/save-search/${row.id}/rerun/`, { token: t.admin });
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json<ReviewRun>().result?.results.map((d) => d.document)).toEqual(['a.txt', 'c.txt']);
    expect((await h().request('POST', `/api/save-search/${row.id}/rerun/`, { token: t.otherAdmin })).statusCode).toBe(
      404,
    );
    // Exported from the saved figures.
    const file = await h().request('GET', '/api/solr/export-result/', {
      token: t.admin,
      query: { saved_search_id: row.id, format: 'csv' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('"b.txt","LAW","law","1"');
  });

  it('deletes for every role on what it sees; another organisation and no token cannot', async () => {
    const { theCase, run } = await reviewOf(t.user, { 'd.txt': ['rent'] }, 'Delete case');
    const own = await saveReview(h(), t.user, run.run_id);
    const adminRun = await runReview(h(), t.admin, { concept_list_id: list.listId, case_ids: [theCase.caseId] });
    const admins = await saveReview(h(), t.admin, adminRun.run_id);
    const remove = (token: string | undefined, id: number, kind = 'review') =>
      h().request('DELETE', '/api/save-search/', { ...(token ? { token } : {}), query: { id, kind } });
    expect((await remove(t.user, admins.id)).statusCode).toBe(404);
    expect((await remove(t.otherAdmin, own.id)).statusCode).toBe(404);
    expect((await remove(undefined, own.id)).statusCode).toBe(401);
    expect((await h().request('GET', `/api/save-search/data/${own.id}/`, { token: t.otherAdmin })).statusCode).toBe(
      404,
    );
    let res = await remove(t.user, own.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe(m.searchDeleted);
    res = await remove(t.admin, admins.id);
    expect(res.statusCode).toBe(200);
    expect((await h().request('GET', `/api/save-search/data/${own.id}/`, { token: t.user })).statusCode).toBe(404);
    const caseSearch = await h().request('POST', `/api/case/${theCase.caseId}/saved-searches/`, {
      token: t.user,
      body: { terms: 'gone soon' },
    });
    const caseSearchId = caseSearch.json<{ id: number }>().id;
    expect((await remove(t.otherAdmin, caseSearchId, 'case_search')).statusCode).toBe(404);
    expect((await remove(t.user, caseSearchId, 'case_search')).statusCode).toBe(200);
    const audit = await h()
      .database.db.selectFrom('audit_events')
      .select(['entity', 'action'])
      .where('entity', '=', 'review_search')
      .where('entity_id', '=', own.id)
      .execute();
    expect(audit.map((e) => e.action).sort()).toEqual(['created', 'deleted']);
  });
});
