import {
  REVIEW_EXPORT_COLUMNS,
  REVIEW_LIMITS,
  reviewMessages as m,
  type ContextPage,
  type FeedbackRow,
  type PartiesResponse,
  type ReviewRun,
} from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it, vi } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../../test/harness.ts';
import { tokensOf, type Tokens } from '../analyser-test-helpers.ts';
import { reviewRuns } from './review-runs.ts';
import { caseWithDocuments, reviewList, runReview } from './review-test-helpers.ts';

const LEASE = [
  'This agreement is governed by the laws of England.',
  'The rent is due monthly. A rent review happens yearly. Rent, rent!',
];

describeEachDatabase('review (solr-search/review, horizon, feedback, parties, export)', (h) => {
  let t: Tokens;
  let list: { listId: number; headIds: number[] };
  let theCase: Awaited<ReturnType<typeof caseWithDocuments>>;
  let bare: Awaited<ReturnType<typeof caseWithDocuments>>;
  let other: Awaited<ReturnType<typeof caseWithDocuments>>;
  beforeAll(async () => {
    t = await tokensOf(h());
    list = await reviewList(h(), t.admin);
    theCase = await caseWithDocuments(
      h(),
      t.admin,
      { 'lease.txt': LEASE, 'memo.txt': ['Nothing to see.'] },
      { title: 'Review lease', client: 'Acme', parties: ['Acme Ltd', 'Beta plc'] },
    );
    bare = await caseWithDocuments(h(), t.admin, { 'bare.txt': ['Rent.'] }, { title: 'No parties' });
    other = await caseWithDocuments(h(), t.otherAdmin, { 'other.txt': ['Rent is due.'] });
  });
  const lawHead = () => list.headIds[0] as number;
  const rentHead = () => list.headIds[1] as number;
  const lease = () => theCase.documentIds[0] as number;

  it('counts every head over a case: per document, term and head, with totals and multiple mode', async () => {
    const run = await runReview(h(), t.admin, { concept_list_id: list.listId, case_ids: [theCase.caseId] });
    expect(run.status).toBe('done');
    expect(run.progress).toEqual({ done: 2, total: 2 });
    const result = run.result;
    expect(result?.multiple).toBe(true);
    expect(result?.inputs.cases).toEqual([{ id: theCase.caseId, title: 'Review lease' }]);
    expect(result?.heads.map((head) => [head.head, head.terms, head.amendments_count])).toEqual([
      ['LAW', ['law', 'governed', 'laws of England'], 0],
      ['RENT', ['rent', 'rent review'], 0],
    ]);
    const leaseRow = result?.results.find((doc) => doc.doc_id === lease());
    expect(leaseRow).toMatchObject({
      document: 'lease.txt',
      case_name: 'Review lease',
      client: 'Acme',
      parties_count: 2,
      indexed: true,
    });
    // 'laws' is not the word 'law'; each term counts on its own ('rent' inside 'rent review' too).
    expect(leaseRow?.concepts).toEqual([
      {
        concept_id: lawHead(),
        head: 'LAW',
        count: 2,
        terms: [
          { term: 'governed', count: 1 },
          { term: 'laws of England', count: 1 },
        ],
      },
      {
        concept_id: rentHead(),
        head: 'RENT',
        count: 5,
        terms: [
          { term: 'rent', count: 4 },
          { term: 'rent review', count: 1 },
        ],
      },
    ]);
    expect(result?.results.find((doc) => doc.document === 'memo.txt')?.concepts).toEqual([]);
    expect(result?.totals).toEqual([
      { concept_id: lawHead(), count: 2, documents: 1 },
      { concept_id: rentHead(), count: 5, documents: 1 },
    ]);
  });

  it('counts some heads over single documents; a plain user named on the list runs it too', async () => {
    const run = await runReview(h(), t.user, {
      concept_list_id: list.listId,
      concept_ids: [rentHead()],
      document_ids: [lease()],
    });
    expect(run.result?.multiple).toBe(false);
    expect(run.result?.heads.map((head) => head.head)).toEqual(['RENT']);
    expect(run.result?.inputs.concept_ids).toEqual([rentHead()]);
    expect(run.result?.results.map((doc) => doc.concepts.map((c) => c.count))).toEqual([[5]]);
  });

  it('refuses missing inputs with the messages, heads of another list, and names no other organisation', async () => {
    const post = (token: string, body: object) => h().request('POST', '/api/solr-search/review/', { token, body });
    let res = await post(t.admin, { case_ids: [theCase.caseId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(m.selectConceptList);
    res = await post(t.admin, { concept_list_id: list.listId });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(m.selectDocuments);
    res = await post(t.admin, { concept_list_id: list.listId, concept_ids: [999_999], case_ids: [theCase.caseId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(m.headsNotInList);
    // Another organisation's case, document or list looks missing.
    for (const body of [
      { concept_list_id: list.listId, case_ids: [other.caseId] },
      { concept_list_id: list.listId, document_ids: [other.documentIds[0]] },
    ]) {
      res = await post(t.admin, body);
      expect(res.statusCode, res.body).toBe(404);
    }
    res = await post(t.otherAdmin, { concept_list_id: list.listId, case_ids: [other.caseId] });
    expect(res.statusCode).toBe(404);
    res = await h().request('POST', '/api/solr-search/review/', {
      body: { concept_list_id: list.listId, case_ids: [theCase.caseId] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a run for its user only: poll, cancel once done leaves it done, another user gets 404', async () => {
    const run = await runReview(h(), t.admin, { concept_list_id: list.listId, case_ids: [theCase.caseId] });
    const polled = await h().request('GET', `/api/solr-search/review/${run.run_id}/`, { token: t.admin });
    expect(polled.statusCode).toBe(200);
    expect(polled.json<ReviewRun>()).toEqual(run);
    const cancelled = await h().request('DELETE', `/api/solr-search/review/${run.run_id}/`, { token: t.admin });
    expect(cancelled.json<ReviewRun>().status).toBe('done');
    for (const token of [t.user, t.otherAdmin])
      expect((await h().request('GET', `/api/solr-search/review/${run.run_id}/`, { token })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/solr-search/review/${run.run_id}/`)).statusCode).toBe(401);
    // Forgotten after 60 minutes.
    h().clock.advance({ minutes: 61 });
    const fresh = (await h().login(DEMO.admin)).access;
    expect((await h().request('GET', `/api/solr-search/review/${run.run_id}/`, { token: fresh })).statusCode).toBe(404);
  });

  it('counts more than 50 documents in the background: running, then done on a poll', async () => {
    const many = Object.fromEntries(
      Array.from({ length: REVIEW_LIMITS.directDocuments + 1 }, (_, i) => [`doc-${i}.txt`, [`Rent number ${i}.`]]),
    );
    const big = await caseWithDocuments(h(), t.admin, many, { title: 'Many documents' });
    const run = await runReview(h(), t.admin, { concept_list_id: list.listId, case_ids: [big.caseId] });
    expect(run.status).toBe('running');
    expect(run.result).toBeNull();
    expect(run.progress.total).toBe(REVIEW_LIMITS.directDocuments + 1);
    await vi.waitFor(
      async () => {
        const polled = await h().request('GET', `/api/solr-search/review/${run.run_id}/`, { token: t.admin });
        expect(polled.json<ReviewRun>().status).toBe('done');
        expect(polled.json<ReviewRun>().result?.totals.find((x) => x.concept_id === rentHead())).toEqual({
          concept_id: rentHead(),
          count: REVIEW_LIMITS.directDocuments + 1,
          documents: REVIEW_LIMITS.directDocuments + 1,
        });
      },
      { timeout: 10_000, interval: 20 },
    );
  });

  it('runs at most two reviews at once per user (429), and a cancelled one says so', () => {
    const runs = reviewRuns(h().ctx);
    const owner = { organisationId: h().ids.demoOrg, userId: h().ids.admin };
    const first = runs.start(owner, 100);
    runs.start(owner, 100);
    expect(() => runs.start(owner, 100)).toThrow(m.tooManyRuns);
    runs.start({ ...owner, userId: h().ids.user }, 100);
    runs.cancel(first);
    expect(first.controller.signal.aborted).toBe(true);
    expect(runs.get(owner, first.id)).toMatchObject({ status: 'cancelled', detail: m.runCancelled });
    runs.start(owner, 100);
  });

  it('shows keyword in context of a head or one term, with the horizon (35 reads as 30)', async () => {
    const get = (token: string, query: Record<string, string | number>) =>
      h().request('GET', '/api/solr-search/horizon/', { token, query });
    let res = await get(t.user, { conceptID: rentHead(), documentUID: lease() });
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json<ContextPage>();
    expect(all.page.total_count).toBe(5);
    expect(all.horizon).toBe(5);
    expect(all.data.map((row) => [row.term, row.keyword, row.occurrence])).toEqual([
      ['rent', 'rent', 1],
      ['rent', 'rent', 2],
      ['rent', 'Rent', 3],
      ['rent', 'rent', 4],
      ['rent review', 'rent review', 1],
    ]);
    // Five words either side.
    expect(all.data[1]?.left.trim()).toBe('rent is due monthly. A');
    expect(all.data[1]?.right.trim()).toMatch(/^review happens yearly\. Rent, rent/);
    expect(all.data[1]?.sentence).toMatch(/^rent is due monthly\. A rent review happens yearly\. Rent, rent/);
    // The passage is the source's own characters: no space is added before the comma after a hit.
    expect(all.data[2]?.sentence).toContain('yearly. Rent, rent');
    res = await get(t.admin, {
      conceptID: rentHead(),
      documentUID: lease(),
      term: 'RENT  review',
      horizon: 35,
      limits: 10,
      page_no: 1,
    });
    expect(res.json<ContextPage>()).toMatchObject({ horizon: 30, page: { total_count: 1 } });
    expect(res.json<ContextPage>().data[0]?.sentence).toContain('A rent review happens');
    res = await get(t.admin, { conceptID: rentHead(), documentUID: lease(), limits: 10, page_no: 2 });
    expect(res.json<ContextPage>().data).toEqual([]);
    res = await get(t.admin, { conceptID: rentHead(), documentUID: lease(), horizon: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(m.invalidHorizon);
    res = await get(t.admin, { conceptID: rentHead(), documentUID: lease(), term: 'lease' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(m.termNotInHead);
    res = await get(t.otherAdmin, { conceptID: rentHead(), documentUID: lease() });
    expect(res.statusCode).toBe(404);
    res = await get(t.admin, { conceptID: rentHead(), documentUID: other.documentIds[0] as number });
    expect(res.statusCode).toBe(404);
    expect(
      (await h().request('GET', '/api/solr-search/horizon/', { query: { conceptID: 1, documentUID: 1 } })).statusCode,
    ).toBe(401);
  });

  it("records a like and a dislike with a comment in the head's response log", async () => {
    const vote = (token: string, body: object) => h().request('POST', '/api/solr-search/feedback/', { token, body });
    let res = await vote(t.user, { concept_id: rentHead(), document_id: lease(), term: 'rent', thumbs_up: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().detail).toBe(m.feedbackSaved);
    res = await vote(t.admin, {
      concept_id: rentHead(),
      document_id: lease(),
      term: 'Rent Review',
      thumbs_up: false,
      comments: 'Not a review clause',
    });
    expect(res.statusCode, res.body).toBe(201);
    const log = await h().request('GET', `/api/feedbacks/concept/${rentHead()}/`, { token: t.admin });
    expect(log.json<{ data: FeedbackRow[] }>().data.map((row) => [row.thumbs_up, row.term, row.comments])).toEqual([
      [false, 'rent review', 'Not a review clause'],
      [true, 'rent', ''],
    ]);
    res = await vote(t.admin, { concept_id: rentHead(), document_id: lease(), term: '', thumbs_up: true });
    expect(res.json().detail).toBe(m.termRequired);
    res = await vote(t.admin, { concept_id: rentHead(), document_id: lease(), term: 'lease', thumbs_up: true });
    expect(res.json().detail).toBe(m.termNotInHead);
    res = await vote(t.otherAdmin, { concept_id: rentHead(), document_id: lease(), term: 'rent', thumbs_up: true });
    expect(res.statusCode).toBe(404);
    res = await vote(t.admin, {
      concept_id: rentHead(),
      document_id: other.documentIds[0],
      term: 'rent',
      thumbs_up: true,
    });
    expect(res.statusCode).toBe(404);
    expect((await h().request('POST', '/api/solr-search/feedback/', { body: {} })).statusCode).toBe(401);
  });

  it("lists a document's case parties, or says none is assigned", async () => {
    const get = (token: string, id: number) => h().request('GET', `/api/case/document/parties/${id}/`, { token });
    expect((await get(t.user, theCase.caseId)).json<PartiesResponse>()).toEqual({
      parties: ['Acme Ltd', 'Beta plc'],
      detail: null,
    });
    expect((await get(t.admin, bare.caseId)).json<PartiesResponse>()).toEqual({ parties: [], detail: m.noParty });
    expect((await get(t.otherAdmin, theCase.caseId)).statusCode).toBe(404);
  });

  it('exports a run as .xlsx and .csv, one row per document, head and term', async () => {
    const run = await runReview(h(), t.user, { concept_list_id: list.listId, case_ids: [theCase.caseId] });
    let res = await h().request('GET', '/api/solr/export-result/', { token: t.user, query: { run_id: run.run_id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([...REVIEW_EXPORT_COLUMNS]);
    expect(rows).toContainEqual(['Review lease', 'Acme', 2, 'lease.txt', 'RENT', 'rent', 4]);
    expect(rows).toContainEqual(['Review lease', 'Acme', 2, 'memo.txt', '', '', 0]);
    res = await h().request('GET', '/api/solr/export-result/', {
      token: t.user,
      query: { run_id: run.run_id, format: 'csv' },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('"Review lease","Acme","2","lease.txt","LAW","governed","1"');
    res = await h().request('GET', '/api/solr/export-result/', { token: t.user, query: { format: 'csv' } });
    expect(res.statusCode).toBe(400);
    res = await h().request('GET', '/api/solr/export-result/', { token: t.admin, query: { run_id: run.run_id } });
    expect(res.statusCode).toBe(404);
  });
});
