import type { CaseBodyInput, CaseDetail, DocumentRow } from '@lexdesk/contract';
import { expect, vi } from 'vitest';
import { multipartBody, type Harness } from '../../../test/harness.ts';
import { runDueJobs } from '../../platform/jobs/jobs.service.ts';

/** Creates a case through the API as `token` and returns it. */
export async function createCase(h: Harness, token: string, body: Partial<CaseBodyInput> = {}): Promise<CaseDetail> {
  const res = await h.request('POST', '/api/case/', {
    token,
    body: { title: `Case ${Math.random().toString(36).slice(2, 8)}`, status: 'open', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CaseDetail>();
}

/** Uploads one file to a case; returns the raw response. */
export async function upload(
  h: Harness,
  token: string,
  caseId: number,
  name: string,
  content: Buffer,
  type = 'application/octet-stream',
) {
  const { payload, headers } = multipartBody('file', name, type, content);
  return h.request('POST', `/api/case/${caseId}/documents/`, { token, payload, headers });
}

export async function uploadOk(
  h: Harness,
  token: string,
  caseId: number,
  name: string,
  content: Buffer,
): Promise<DocumentRow> {
  const res = await upload(h, token, caseId, name, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DocumentRow>();
}

/** Runs the queued extraction and indexing jobs now (instead of waiting for the background runner). */
export async function indexNow(h: Harness): Promise<void> {
  // The app's own background workers may hold a job: wait until none is queued or running.
  await vi.waitFor(
    async () => {
      await runDueJobs(h.ctx);
      const busy = await h.database.db
        .selectFrom('jobs')
        .select('run_after')
        .where('state', 'in', ['queued', 'running'])
        .execute();
      // A job waiting for its retry (a failed attempt) is due after its backoff: move the test clock there.
      if (busy.length > 0 && busy.every((job) => job.run_after > h.ctx.now().toISOString()))
        h.clock.advance({ minutes: 10 });
      expect(busy).toEqual([]);
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** How many indexed sources hold `word` (the search vocabulary's count), to see an index row leave. */
export async function wordCount(h: Harness, word: string): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('search_vocabulary')
    .select('doc_count')
    .where('word', '=', word)
    .executeTakeFirstOrThrow();
  return row.doc_count;
}
