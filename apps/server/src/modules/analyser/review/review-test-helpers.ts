import type { ReviewRun, ReviewSearchRow } from '@lexdesk/contract';
import { expect } from 'vitest';
import type { Harness } from '../../../../test/harness.ts';
import { buildText } from '../../documents/index.ts';
import { createCase, indexNow, uploadOk } from '../../cases/case-test-helpers.ts';
import { createList, headInput } from '../analyser-test-helpers.ts';

/** A case of `token`'s organisation with indexed text documents (name → paragraphs). */
export async function caseWithDocuments(
  h: Harness,
  token: string,
  documents: Record<string, string[]>,
  caseBody: { title?: string; client?: string; parties?: string[] } = {},
) {
  const theCase = await createCase(h, token, caseBody);
  const ids: number[] = [];
  for (const [name, paragraphs] of Object.entries(documents))
    ids.push((await uploadOk(h, token, theCase.id, name, buildText(name, paragraphs))).id);
  await indexNow(h);
  return { caseId: theCase.id, title: theCase.title, documentIds: ids };
}

/** A list with two heads: LAW (terms 'law | governed', phrase 'laws of England') and RENT ('rent', 'rent review'). */
export async function reviewList(h: Harness, token: string) {
  return createList(h, token, {
    heads: [headInput('Law', 'law | governed', 'laws of England'), headInput('Rent', 'rent', 'rent review')],
  });
}

export async function runReview(h: Harness, token: string, body: object): Promise<ReviewRun> {
  const res = await h.request('POST', '/api/solr-search/review/', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReviewRun>();
}

export async function saveReview(h: Harness, token: string, runId: string, horizon = 5): Promise<ReviewSearchRow> {
  const res = await h.request('POST', '/api/save-search/', { token, body: { run_id: runId, horizon } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReviewSearchRow>();
}
