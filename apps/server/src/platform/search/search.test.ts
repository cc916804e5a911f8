import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { createOrganisation, superToken } from '../../modules/organisations/organisations.fixtures.ts';
import { isAnalysisCancelled, searchService } from './search.service.ts';
import { parseSearchText, tokenize } from './tokenizer.ts';
import { countPhrase, decodeUint32, encodeUint32, phrasePositions } from './word-arrays.ts';

describe('tokenizer', () => {
  it('keeps runs of letters and digits, lower-cased, with their offsets in the text', () => {
    const { words, offsets, text } = tokenize('The Tenant’s 2nd payment: €1,500 — Ünïcode café!');
    expect(words).toEqual(['the', 'tenant', 's', '2nd', 'payment', '1', '500', 'ünïcode', 'café']);
    expect(offsets.map((o, i) => text.slice(o, o + (words[i]?.length ?? 0)).toLowerCase())).toEqual(words);
  });

  it('reads quoted parts as phrases and other words as single clauses', () => {
    expect(parseSearchText('"force majeure" Notice "governing  law"')).toEqual([
      ['force', 'majeure'],
      ['governing', 'law'],
      ['notice'],
    ]);
    expect(parseSearchText('  ')).toEqual([]);
  });

  it('finds and counts phrases in word arrays, through the stored encoding', () => {
    const ids = decodeUint32(encodeUint32([1, 2, 3, 1, 2, 1, 2, 3]));
    expect(phrasePositions(ids, [1, 2, 3])).toEqual([0, 5]);
    expect(countPhrase(ids, [1, 2])).toBe(3);
    expect(countPhrase(ids, [4])).toBe(0);
    const unaligned = Buffer.concat([Buffer.from([0]), encodeUint32([7, 8])]).subarray(1);
    expect([...decodeUint32(unaligned)]).toEqual([7, 8]);
  });
});

const KIND = 'case_document';

describeEachDatabase('search index', (h) => {
  let docs: number[];
  let org: number;
  let otherOrg: number;
  let demoCase: number;
  const now = new Date().toISOString();
  const caseOf = async (organisation_id: number) =>
    (
      await h()
        .ctx.db.insertInto('cases')
        .values({ organisation_id, title: 'Search', status: 'open', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const insertDoc = async (organisation_id: number, case_id: number) =>
    (
      await h()
        .ctx.db.insertInto('documents')
        .values({
          organisation_id,
          case_id,
          original_name: 'a.txt',
          media_type: 'text/plain',
          extension: 'txt',
          size_bytes: 1,
          sha256: 'x',
          storage_key: 'k',
          source: 'upload',
          email_id: null,
          indexing_state: 'queued',
          indexing_error: null,
          indexed_at: null,
          uploaded_by: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const sourcesWith = async (word: string) =>
    (await h().ctx.db.selectFrom('search_vocabulary').select('doc_count').where('word', '=', word).executeTakeFirst())
      ?.doc_count;

  beforeAll(async () => {
    org = h().ids.demoOrg;
    otherOrg = h().ids.otherOrg;
    demoCase = await caseOf(org);
    const otherCase = await caseOf(otherOrg);
    docs = [await insertDoc(org, demoCase), await insertDoc(org, demoCase), await insertDoc(otherOrg, otherCase)];
    const search = searchService(h().ctx, KIND);
    await search.index(
      { id: docs[0]!, organisationId: org, caseId: demoCase },
      'The Landlord shall repair the roof. The landlord may enter; the LANDLORD\nshall give notice.',
    );
    await search.index(
      { id: docs[1]!, organisationId: org, caseId: demoCase },
      'Notice shall be given by the tenant to the landlord.',
    );
    await search.index(
      { id: docs[2]!, organisationId: otherOrg, caseId: otherCase },
      'The landlord shall repair the roof.',
    );
  });

  it('finds sources by words and exact phrases, only in the organisation asked for', async () => {
    const search = searchService(h().ctx, KIND);
    expect((await search.find(org, 'landlord notice')).sort()).toEqual([docs[0], docs[1]].sort());
    expect(await search.find(org, '"landlord shall"')).toEqual([docs[0]]);
    expect(await search.find(org, '"shall landlord"')).toEqual([]);
    expect(await search.find(org, 'unknownword')).toEqual([]);
    expect(await search.find(otherOrg, 'notice')).toEqual([]);
  });

  it('counts exactly and shows keyword-in-context with the original spelling', async () => {
    const search = searchService(h().ctx, KIND);
    const counts = await search.countOccurrences(org, docs, 'landlord');
    expect(Object.fromEntries(counts)).toEqual({ [docs[0]!]: 3, [docs[1]!]: 1 });
    // Exact separators: 'LANDLORD\nshall' is not the phrase 'landlord shall' (ripgrep reads lines).
    expect(Object.fromEntries(await search.countOccurrences(org, docs, 'landlord shall'))).toEqual({ [docs[0]!]: 1 });
    const rows = await search.keywordInContext(org, docs[0]!, 'landlord shall', 2);
    expect(rows.map(({ position, left, keyword, right }) => ({ position, left, keyword, right }))).toEqual([
      { position: 1, left: 'The ', keyword: 'Landlord shall', right: ' repair the' },
    ]);
    const landlords = await search.keywordInContext(org, docs[0]!, 'landlord', 2);
    expect(landlords.map(({ position, left, keyword, right }) => ({ position, left, keyword, right }))).toEqual([
      { position: 1, left: 'The ', keyword: 'Landlord', right: ' shall repair' },
      { position: 7, left: 'roof. The ', keyword: 'landlord', right: ' may enter' },
      { position: 11, left: 'enter; the ', keyword: 'LANDLORD', right: ' shall give' },
    ]);
    const stored = (await search.storedText(org, docs[0]!))?.text ?? '';
    expect(landlords.map((row) => [row.occurrence, stored.slice(row.start, row.end)])).toEqual([
      [1, 'Landlord'],
      [2, 'landlord'],
      [3, 'LANDLORD'],
    ]);
  });

  it('pages keyword-in-context rows and says how many hits there are in all', async () => {
    const search = searchService(h().ctx, KIND);
    const page = await search.keywordInContextPage(org, docs[0]!, 'landlord', 1, { offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.occurrence, row.keyword, row.right])).toEqual([[2, 'landlord', ' may']]);
    expect(await search.keywordInContextPage(org, docs[0]!, 'unknownword', 1, { offset: 0, limit: 5 })).toEqual({
      total: 0,
      rows: [],
    });
  });

  it('reports progress per batch and stops when the signal is aborted', async () => {
    const search = searchService(h().ctx, KIND);
    const progress: [number, number][] = [];
    await search.countTerms(org, docs, ['landlord'], { onProgress: (done, total) => progress.push([done, total]) });
    // Only the organisation's indexed sources count (docs[2] is another organisation's).
    expect(progress.at(-1)).toEqual([2, 2]);
    const controller = new AbortController();
    controller.abort();
    const failure = await search.countTerms(org, docs, ['landlord'], { signal: controller.signal }).catch((e) => e);
    expect(isAnalysisCancelled(failure)).toBe(true);
    expect(isAnalysisCancelled(new Error('other'))).toBe(false);
  });

  it('counts many terms and phrases per source at once, in the organisation asked for', async () => {
    const search = searchService(h().ctx, KIND);
    const terms = [
      'Landlord',
      'landlord shall',
      'the roof.',
      'NOTICE',
      'unknownword',
      'landlord unknownword',
      'the  roof',
    ];
    const counts = await search.countTerms(org, [...docs, 999_999], terms);
    expect(Object.fromEntries(counts)).toEqual({
      [docs[0]!]: [3, 1, 1, 1, 0, 0, 0],
      [docs[1]!]: [1, 0, 0, 1, 0, 0, 0],
    });
    expect(Object.fromEntries(await search.countTerms(otherOrg, docs, ['landlord']))).toEqual({ [docs[2]!]: [1] });
  });

  it('keeps kinds apart: the same source id of another kind is another source', async () => {
    const articles = searchService(h().ctx, 'test_article');
    await articles.index({ id: docs[0]!, organisationId: org }, 'Quorum rules of the board.');
    const documents = searchService(h().ctx, KIND);
    expect(await articles.find(org, 'quorum')).toEqual([docs[0]]);
    expect(await documents.find(org, 'quorum')).toEqual([]);
    expect(await articles.find(org, 'landlord')).toEqual([]);
    expect((await articles.storedText(org, docs[0]!))?.word_count).toBe(5);
    expect((await documents.storedText(org, docs[0]!))?.word_count).toBe(15);
    await articles.removeFromIndex(org, [docs[0]!]);
    expect(await articles.find(org, 'quorum')).toEqual([]);
    expect(await sourcesWith('quorum')).toBe(0);
    expect(await documents.find(org, '"landlord shall"')).toEqual([docs[0]]);
  });

  it('re-indexes a source and keeps the vocabulary counts right', async () => {
    const search = searchService(h().ctx, KIND);
    expect(await sourcesWith('landlord')).toBe(3);
    await search.index({ id: docs[1]!, organisationId: org, caseId: demoCase }, 'Completely different words.');
    expect(await search.find(org, 'tenant')).toEqual([]);
    expect(await sourcesWith('landlord')).toBe(2);
    await search.removeFromIndex(org, [docs[1]!]);
    expect(await sourcesWith('completely')).toBe(0);
    expect(await search.find(org, 'completely')).toEqual([]);
  });

  it("removes an organisation's index rows of every kind with the organisation, counts included", async () => {
    const doomed = await createOrganisation(h());
    const doomedCase = await caseOf(doomed.id);
    const doomedDoc = await insertDoc(doomed.id, doomedCase);
    await searchService(h().ctx, KIND).index(
      { id: doomedDoc, organisationId: doomed.id, caseId: doomedCase },
      'Xylophone clauses apply.',
    );
    await searchService(h().ctx, 'test_article').index({ id: 1, organisationId: doomed.id }, 'Xylophone notes.');
    expect(await sourcesWith('xylophone')).toBe(2);
    const res = await h().request('DELETE', `/api/organisation/${doomed.id}/`, { token: await superToken(h()) });
    expect(res.statusCode, res.body).toBe(200);
    const left = await h()
      .database.db.selectFrom('search_sources')
      .select('id')
      .where('organisation_id', '=', doomed.id)
      .execute();
    expect(left).toEqual([]);
    expect(await sourcesWith('xylophone')).toBe(0);
    expect(await searchService(h().ctx, KIND).find(org, 'landlord')).toEqual([docs[0]]);
  });
});
