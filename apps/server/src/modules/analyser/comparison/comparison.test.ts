import {
  COMPARISON_LIMITS,
  comparisonMessages as M,
  ERROR_CODES,
  sessionMessages,
  type ComparisonResponse,
  type ModuleFlags,
} from '@lexdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/harness.ts';
import { createCase, indexNow, uploadOk } from '../../cases/case-test-helpers.ts';
import { createList, headInput, tokensOf, type Tokens } from '../analyser-test-helpers.ts';
import { docxTextAfter, revisionCounts } from './comparison-test-helpers.ts';
import { redline } from './redline.ts';

const LEFT = [
  'MASTER SERVICES AGREEMENT',
  'The Supplier shall deliver the Services with reasonable skill and care.',
  'Either party may terminate this Agreement on thirty days written notice.',
  'Confidential Information stays confidential for five years after termination.',
  'This Agreement is governed by the laws of England.',
].join('\n');
const RIGHT = [
  'MASTER SERVICES AGREEMENT',
  'The Supplier must deliver the Services promptly and with reasonable skill and care.',
  'Confidential Information stays confidential for five years after termination.',
  'Either party may terminate this Agreement on thirty days written notice.',
  'This Agreement is governed by the laws of England and Wales.',
  'Termination does not affect accrued rights.',
].join('\n');

const ALL_MODULES: ModuleFlags = {
  knowledge_permission: true,
  case_permission: true,
  precedent_permission: true,
  doc_analyzer_permission: true,
  my_playbooks_permission: true,
  task_management_permission: true,
  invoice_permission: true,
};

describeEachDatabase('document comparison', (h) => {
  let tokens: Tokens;
  let left: number;
  let right: number;
  let queued: number;
  let otherDocument: number;
  beforeAll(async () => {
    tokens = await tokensOf(h());
    const caseId = (await createCase(h(), tokens.admin, { title: 'Comparison case' })).id;
    const secondCase = (await createCase(h(), tokens.user, { title: 'Second comparison case' })).id;
    left = (await uploadOk(h(), tokens.admin, caseId, 'msa-v1.txt', Buffer.from(LEFT))).id;
    right = (await uploadOk(h(), tokens.user, secondCase, 'msa-v2.txt', Buffer.from(RIGHT))).id;
    const otherCase = (await createCase(h(), tokens.otherAdmin, { title: 'Other firm case' })).id;
    otherDocument = (await uploadOk(h(), tokens.otherAdmin, otherCase, 'theirs.txt', Buffer.from(RIGHT))).id;
    await indexNow(h());
    queued = (await uploadOk(h(), tokens.admin, caseId, 'not-yet.txt', Buffer.from('Not indexed yet.'))).id;
  });

  const compare = (token: string | null, body: object) =>
    h().request('POST', '/api/analyser/compare/', { token, body });
  const exportDocx = (token: string | null, query: Record<string, number | string>) =>
    h().request('GET', '/api/analyser/compare/export/', { token, query });

  it('redlines two documents word by word, with a moved block and the concept counts side by side', async () => {
    const { listId } = await createList(h(), tokens.admin, {
      heads: [
        headInput('Termination', 'terminate | termination', 'written notice'),
        headInput('Governing law', 'governed', 'laws of England'),
        headInput('Indemnity', 'indemnify', 'hold harmless'),
      ],
    });
    const res = await compare(tokens.user, {
      left_document_id: left,
      right_document_id: right,
      concept_list_id: listId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ComparisonResponse>();
    expect(body.left).toMatchObject({ id: left, name: 'msa-v1.txt', case_title: 'Comparison case' });
    expect(body.right).toMatchObject({ id: right, name: 'msa-v2.txt', case_title: 'Second comparison case' });
    const { segments, stats, granularity } = body.redline;
    expect(granularity).toBe('word');
    const side = (drop: string) =>
      segments
        .filter((s) => s.kind !== drop)
        .map((s) => s.text)
        .join('');
    expect(side('insert')).toBe(LEFT);
    expect(side('delete')).toBe(RIGHT);
    expect(segments).toContainEqual({ kind: 'delete', text: 'shall' });
    expect(segments).toContainEqual({ kind: 'insert', text: 'must' });
    expect(segments.filter((s) => s.move !== undefined).map((s) => s.kind)).toEqual(
      expect.arrayContaining(['delete', 'insert']),
    );
    expect(stats.moved_blocks).toBe(1);
    expect(body.concepts.concept_list_id).toBe(listId);
    expect(body.concepts.rows.map(({ head, left, right }) => ({ head, left, right }))).toEqual([
      { head: 'TERMINATION', left: 3, right: 4 },
      { head: 'GOVERNING LAW', left: 2, right: 2 },
      { head: 'INDEMNITY', left: 0, right: 0 },
    ]);
  });

  it('leaves the concept table empty without a list, and 404s a list the caller does not see', async () => {
    const res = await compare(tokens.admin, { left_document_id: left, right_document_id: right });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ComparisonResponse>().concepts).toEqual({ concept_list_id: null, concept_list: null, rows: [] });
    const { listId } = await createList(h(), tokens.otherAdmin, {
      organisationIDs: [h().ids.otherOrg],
      userIDs: [h().ids.otherAdmin],
    });
    const hidden = await compare(tokens.admin, {
      left_document_id: left,
      right_document_id: right,
      concept_list_id: listId,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('answers each validation message', async () => {
    const cases: [object, string][] = [
      [{ right_document_id: right }, M.leftRequired],
      [{ left_document_id: left }, M.rightRequired],
      [{ left_document_id: 'abc', right_document_id: right }, M.leftRequired],
      [{ left_document_id: left, right_document_id: -3 }, M.rightRequired],
      [{ left_document_id: left, right_document_id: left }, M.sameDocument],
    ];
    for (const [body, message] of cases) {
      const res = await compare(tokens.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const query = await exportDocx(tokens.admin, { left, right: left });
    expect(query.statusCode).toBe(400);
    expect(query.body).toContain(M.sameDocument);
    expect((await exportDocx(tokens.admin, { left })).body).toContain(M.rightRequired);
  });

  it('answers 409 while a document is not indexed, naming it', async () => {
    // The app's own job runner may have indexed it meanwhile: put it back in the queue's state.
    await h().database.db.updateTable('documents').set({ indexing_state: 'queued' }).where('id', '=', queued).execute();
    const res = await compare(tokens.admin, { left_document_id: left, right_document_id: queued });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(M.notReady('not-yet.txt'));
  });

  it("answers another organisation's document like a missing one (404), both ways", async () => {
    for (const [token, a, b] of [
      [tokens.admin, left, otherDocument],
      [tokens.otherAdmin, otherDocument, right],
      [tokens.admin, left, 2_000_000_000],
    ] as const) {
      const res = await compare(token, { left_document_id: a, right_document_id: b });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: sessionMessages.notFound, code: ERROR_CODES.notFound });
      expect((await exportDocx(token, { left: a, right: b })).statusCode).toBe(404);
    }
  });

  it('answers 401 without a token and 403 without the analyser or the case module', async () => {
    expect((await compare(null, { left_document_id: left, right_document_id: right })).statusCode).toBe(401);
    expect((await exportDocx(null, { left, right })).statusCode).toBe(401);
    const noAnalyser = await h().createUser({
      role: 'user',
      modules: { ...ALL_MODULES, doc_analyzer_permission: false },
    });
    const noCases = await h().createUser({ role: 'admin', modules: { ...ALL_MODULES, case_permission: false } });
    const a = (await h().login(noAnalyser.email, noAnalyser.password)).access;
    expect((await compare(a, { left_document_id: left, right_document_id: right })).statusCode).toBe(403);
    const c = (await h().login(noCases.email, noCases.password)).access;
    const res = await compare(c, { left_document_id: left, right_document_id: right });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(M.noCaseAccess);
  });

  it('lets every role compare and export (super, admin, user)', async () => {
    for (const token of [tokens.super, tokens.admin, tokens.user]) {
      const res = await compare(token, { left_document_id: left, right_document_id: right });
      expect(res.statusCode, res.body).toBe(200);
      expect((await exportDocx(token, { left, right })).statusCode).toBe(200);
    }
  });

  it('exports a .docx whose tracked changes give the right text when accepted and the left when rejected', async () => {
    const res = await exportDocx(tokens.user, { left, right });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain('Redline - msa-v1 vs msa-v2.docx');
    const data = res.rawPayload;
    expect(data.subarray(0, 2).toString()).toBe('PK');
    const { insertions, deletions } = revisionCounts(data);
    expect(insertions).toBeGreaterThan(2);
    expect(deletions).toBeGreaterThan(1);
    expect(docxTextAfter(data, 'accept')).toBe(RIGHT);
    expect(docxTextAfter(data, 'reject')).toBe(LEFT);
  });

  it('answers 413 with a clear message for a document past the size limit', async () => {
    const caseId = (await createCase(h(), tokens.admin)).id;
    const words = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(COMPARISON_LIMITS.maxChars / 27) + 10);
    const huge = (await uploadOk(h(), tokens.admin, caseId, 'huge.txt', Buffer.from(words))).id;
    await indexNow(h());
    const res = await compare(tokens.admin, { left_document_id: left, right_document_id: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(
      /^huge\.txt is too long to compare: [\d,]+ characters of text, and at most 1,000,000/,
    );
  });

  it("answers 413 when the diff passes the workers' time limit, and the app keeps answering", async () => {
    const strict = await h().extraApp({ PARSE_TIMEOUT_SECONDS: '0.05' });
    const caseId = (await createCase(h(), tokens.admin)).id;
    // Two long texts of unrelated words: far apart, so the diff has real work to do.
    let seed = 7;
    const text = () =>
      Array.from({ length: 30_000 }, () => {
        seed = (seed * 48_271) % 2_147_483_647;
        return `w${seed % 5_000}`;
      }).join(' ');
    const a = (await uploadOk(h(), tokens.admin, caseId, 'long-a.txt', Buffer.from(text()))).id;
    const b = (await uploadOk(h(), tokens.admin, caseId, 'long-b.txt', Buffer.from(text()))).id;
    await indexNow(h());
    const res = await strict.inject({
      method: 'POST',
      url: '/api/analyser/compare/',
      payload: { left_document_id: a, right_document_id: b },
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().detail).toBe(M.tooSlow);
    const fine = await compare(tokens.admin, { left_document_id: left, right_document_id: right });
    expect(fine.statusCode).toBe(200);
  });

  it('puts both calls in OpenAPI', async () => {
    const doc = (await h().request('GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, object>> }>();
    expect(doc.paths['/api/analyser/compare/']).toHaveProperty('post');
    expect(doc.paths['/api/analyser/compare/export/']).toHaveProperty('get');
  });
});

describe('redline', () => {
  it('falls back to lines, refined word by word, when texts are far apart, and stays exact', () => {
    const a = Array.from({ length: 300 }, (_, i) => `Clause ${i} alpha beta gamma ${i * 7}.`).join('\n');
    const b = Array.from({ length: 300 }, (_, i) => `Section ${i * 3} delta ${i} epsilon.`).join('\n');
    const result = redline(a, b, { maxEdits: 50, blockMaxEdits: 50, timeoutMs: 5_000, moveMinWords: 6 });
    const join = (drop: string) =>
      result.segments
        .filter((s) => s.kind !== drop)
        .map((s) => s.text)
        .join('');
    expect(join('insert')).toBe(a);
    expect(join('delete')).toBe(b);
    expect(result.granularity).toBe('line');
  });

  it('marks a moved paragraph as one move, and leaves short repeated words alone', () => {
    const moved = 'This short paragraph moves to the bottom.';
    const stays = 'The long middle of the text stays where it is, word for word, and so does every clause in it.';
    const result = redline(`${moved}\n${stays}\nEnd.`, `${stays}\nEnd.\n${moved}`);
    const moves = result.segments.filter((s) => s.move === 1);
    expect(moves.map((s) => s.kind).sort()).toEqual(['delete', 'insert']);
    expect(redline('a b c', 'c b a').stats.moved_blocks).toBe(0);
  });
});
