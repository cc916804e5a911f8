import type { ReviewResult } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { documentConceptRows, termRows } from './resultRows.ts';

const doc = (id: number, counts: [number, number]) => ({
  doc_id: id,
  document: `doc-${id}.txt`,
  doc_length: 100,
  casetask_id: 1,
  case_name: 'Case',
  client: 'Client',
  parties_count: 0,
  indexed: true,
  concepts: [
    { concept_id: 7, head: 'NOTICE', count: counts[0], terms: [{ term: 'notice', count: counts[0] }] },
    { concept_id: 8, head: 'WARRANTY', count: counts[1], terms: [{ term: 'warranty', count: counts[1] }] },
  ],
});
const result: ReviewResult = {
  inputs: {
    concept_list: { concept_list_id: 1, concept_list: 'L', version: 1 },
    concept_ids: [],
    cases: [],
    documents: [],
  },
  multiple: true,
  heads: [{ concept_id: 7, head: 'NOTICE', definition: '<p>d</p>', amendments_count: 0, terms: ['notice'] }],
  results: [doc(1, [3, 0]), doc(2, [1, 2])],
  totals: [],
  counted_at: '2026-11-27T00:00:00Z',
};

describe('review result rows', () => {
  it('multiple mode: a row per document and head with a count, in the run order', () => {
    expect(documentConceptRows(result).map((r) => `${r.doc.doc_id}:${r.head.head}:${r.concept.count}`)).toEqual([
      '1:NOTICE:3',
      '2:NOTICE:1',
      '2:WARRANTY:2',
    ]);
  });
  it('one document: a row per term with a count; a head missing from `heads` still has its name', () => {
    const rows = termRows({ ...result, multiple: false, results: [doc(2, [1, 2])] });
    expect(rows.map((r) => [r.head.head, r.term, r.count])).toEqual([
      ['NOTICE', 'notice', 1],
      ['WARRANTY', 'warranty', 2],
    ]);
    expect(rows[0]?.head.definition).toBe('<p>d</p>');
  });
});
