import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { searchService } from './search.service.ts';
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

describeEachDatabase('search index', (h) => {
  let docs: number[];
  let org: number;
  let otherOrg: number;
  beforeAll(async () => {
    org = h().ids.demoOrg;
    otherOrg = h().ids.otherOrg;
    const now = new Date().toISOString();
    const caseOf = async (organisation_id: number) =>
      (
        await h()
          .ctx.db.insertInto('cases')
          .values({ organisation_id, title: 'Search', status: 'open', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const demoCase = await caseOf(org);
    const otherCase = await caseOf(otherOrg);
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
    docs = [await insertDoc(org, demoCase), await insertDoc(org, demoCase), await insertDoc(otherOrg, otherCase)];
    const search = searchService(h().ctx);
    await search.indexDocument(
      org,
      docs[0]!,
      'The Landlord shall repair the roof. The landlord may enter; the LANDLORD\nshall give notice.',
    );
    await search.indexDocument(org, docs[1]!, 'Notice shall be given by the tenant to the landlord.');
    await search.indexDocument(otherOrg, docs[2]!, 'The landlord shall repair the roof.');
  });

  it('finds documents by words and exact phrases, only in the organisation asked for', async () => {
    const search = searchService(h().ctx);
    expect((await search.findDocuments(org, 'landlord notice')).sort()).toEqual([docs[0], docs[1]].sort());
    expect(await search.findDocuments(org, '"landlord shall"')).toEqual([docs[0]]);
    expect(await search.findDocuments(org, '"shall landlord"')).toEqual([]);
    expect(await search.findDocuments(org, 'unknownword')).toEqual([]);
    expect(await search.findDocuments(otherOrg, 'notice')).toEqual([]);
  });

  it('counts exactly and shows keyword-in-context with the original spelling', async () => {
    const search = searchService(h().ctx);
    const counts = await search.countOccurrences(org, docs, 'landlord');
    expect(Object.fromEntries(counts)).toEqual({ [docs[0]!]: 3, [docs[1]!]: 1 });
    expect(Object.fromEntries(await search.countOccurrences(org, docs, 'landlord shall'))).toEqual({ [docs[0]!]: 2 });
    const rows = await search.keywordInContext(org, docs[0]!, 'landlord shall', 2);
    expect(rows).toEqual([
      { position: 1, left: 'The ', keyword: 'Landlord shall', right: ' repair the' },
      { position: 11, left: 'enter; the ', keyword: 'LANDLORD shall', right: ' give notice' },
    ]);
  });

  it('re-indexes a document and keeps the vocabulary counts right', async () => {
    const search = searchService(h().ctx);
    const count = async (word: string) =>
      (await h().ctx.db.selectFrom('search_vocabulary').select('doc_count').where('word', '=', word).executeTakeFirst())
        ?.doc_count;
    expect(await count('landlord')).toBe(3);
    await search.indexDocument(org, docs[1]!, 'Completely different words.');
    expect(await search.findDocuments(org, 'tenant')).toEqual([]);
    expect(await count('landlord')).toBe(2);
    await search.removeDocuments(org, [docs[1]!]);
    expect(await count('completely')).toBe(0);
    expect(await search.findDocuments(org, 'completely')).toEqual([]);
  });
});
