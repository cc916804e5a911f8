import { workQueueMessages } from '@lexdesk/contract';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase, multipartBody, testConfig, type Harness } from '../../../test/harness.ts';
import { tokensOf, type Tokens } from '../../modules/analyser/analyser-test-helpers.ts';
import { createCase, indexNow, upload, uploadOk } from '../../modules/cases/case-test-helpers.ts';
import { buildDocx } from '../../modules/documents/index.ts';
import { HAS_LIBREOFFICE } from '../../modules/templates/docx/libreoffice.ts';
import { conversionQueue } from '../conversion/docx-to-pdf.ts';
import { parsePool, type ParsePool } from '../parsing/parse-pool.ts';
import { NEVER_ABORTED, userWork, type WorkRequester } from './fair-queue.ts';

const TASKS = new URL('../parsing/parse-pool.fixtures.ts', import.meta.url);
/** One parsing thread, two tasks per user; a total no other test uses, so this file has its own pool. */
const ENV = { PARSE_WORKERS: '1', QUEUE_PER_USER: '2', QUEUE_TOTAL: '37' };

/** A task in `who`'s name that holds the only parsing thread until `release()`: the test decides, no timing. */
function held(pool: ParsePool, who: WorkRequester) {
  const flag = new SharedArrayBuffer(4);
  const done = pool.run<string>(who, TASKS, 'hold', [flag]);
  return {
    done,
    release: () => {
      const cell = new Int32Array(flag);
      Atomics.store(cell, 0, 1);
      Atomics.notify(cell, 0);
    },
  };
}

/** A promise the test settles itself. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const waitingIs = (pool: ParsePool, count: number) =>
  vi.waitFor(() => expect(pool.requestQueueSize.waiting).toBe(count), { timeout: 10_000, interval: 10 });

describeEachDatabase('shared work queues (parsing threads)', (h: () => Harness) => {
  let tokens: Tokens;
  let left: number;
  let right: number;
  let otherCase: number;
  beforeAll(async () => {
    tokens = await tokensOf(h());
    const caseId = (await createCase(h(), tokens.user, { title: 'Queue comparison case' })).id;
    left = (await uploadOk(h(), tokens.user, caseId, 'queue-left.txt', Buffer.from('The supplier shall deliver.'))).id;
    right = (await uploadOk(h(), tokens.user, caseId, 'queue-right.txt', Buffer.from('The supplier must deliver.'))).id;
    otherCase = (await createCase(h(), tokens.otherAdmin, { title: 'Other firm queue case' })).id;
    await indexNow(h());
  });

  const compare = (app: Awaited<ReturnType<Harness['extraApp']>>) =>
    app.inject({
      method: 'POST',
      url: '/api/analyser/compare/',
      payload: { left_document_id: left, right_document_id: right },
      headers: { authorization: `Bearer ${tokens.user}` },
    });

  it("refuses a user's work past their share (429) and runs another firm's upload before the user's queued work", async () => {
    const app = await h().extraApp(ENV);
    const pool = parsePool(testConfig(h().config.dataDir, ENV).parse);
    const user = userWork(await h().actorOf(tokens.user), NEVER_ABORTED);
    // The user's comparisons: one on the only thread, one waiting (held, so only the test ends them).
    const running = held(pool, user);
    const waiting = held(pool, user);
    await waitingIs(pool, 1);

    const refused = await compare(app);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'You already have 2 documents being processed; try again when one finishes.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(refused.json().detail).toBe(workQueueMessages.documents.user(2));

    // Another firm uploads a .docx (its zip check needs the parsing thread) while the user's work waits.
    const docx = await buildDocx('Other firm letter', ['Dear client,', 'Our engagement terms.']);
    const { payload, headers } = multipartBody('file', 'letter.docx', 'application/octet-stream', docx);
    const otherUpload = app.inject({
      method: 'POST',
      url: `/api/case/${otherCase}/documents/`,
      payload,
      headers: { ...headers, authorization: `Bearer ${tokens.otherAdmin}` },
    });
    await waitingIs(pool, 2);
    running.release();
    // First come, first served would now give the thread to the user's waiting task, which holds it until the
    // test releases it: the upload would never end. Round-robin gives it to the other firm first.
    const uploaded = await otherUpload;
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    waiting.release();
    await expect(Promise.all([running.done, waiting.done])).resolves.toEqual(['released', 'released']);

    // The user's share is free again.
    const fine = await compare(app);
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('drops a waiting comparison from the queue when its client goes away', async () => {
    const app = await h().extraApp(ENV);
    const pool = parsePool(testConfig(h().config.dataDir, ENV).parse);
    const other = userWork(await h().actorOf(tokens.otherAdmin), NEVER_ABORTED);
    const running = held(pool, other);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ left_document_id: left, right_document_id: right });
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/analyser/compare/',
      headers: {
        authorization: `Bearer ${tokens.user}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    client.on('error', () => undefined);
    client.end(body);
    await waitingIs(pool, 1);
    // The user closes the tab: the comparison leaves the queue before it ever reaches the thread.
    client.destroy();
    await waitingIs(pool, 0);
    running.release();
    await running.done;
    expect(pool.requestQueueSize).toEqual({ running: 0, waiting: 0 });
  });

  it('declares 429 on the routes that queue work', async () => {
    const doc = (await h().request('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/api/analyser/compare/']?.post?.responses ?? {})).toContain('429');
    expect(Object.keys(doc.paths['/api/case/{case_id}/documents/']?.post?.responses ?? {})).toContain('429');
    expect(Object.keys(doc.paths['/api/playbook-export/{playbook_id}/']?.post?.responses ?? {})).toContain('429');
    // An unqueued upload elsewhere still answers as before.
    const plain = await upload(h(), tokens.otherAdmin, otherCase, 'note.txt', Buffer.from('A plain note.'));
    expect(plain.statusCode).toBe(201);
  });

  it.skipIf(!HAS_LIBREOFFICE)(
    "refuses a user's PDF export past their share, and another firm's export runs while the first firm's wait",
    async () => {
      const env = { PDF_WORKERS: '2', QUEUE_PER_USER: '2', QUEUE_TOTAL: '38' };
      const app = await h().extraApp(env);
      const queue = conversionQueue(testConfig(h().config.dataDir, env).pdf);
      const playbookOf = async (token: string, name: string) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/playbook/',
          payload: { name, playbook_type: 'Non-disclosure agreement', entries: [] },
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: number }>().id;
      };
      const exportPdf = (token: string, id: number) =>
        app.inject({
          method: 'POST',
          url: `/api/playbook-export/${id}/`,
          payload: { format: 'pdf' },
          headers: { authorization: `Bearer ${token}` },
        });
      const ours = await playbookOf(tokens.admin, 'Queued NDA');
      const theirs = await playbookOf(tokens.otherAdmin, 'Their NDA');
      // The first firm's admin has two conversions in the queue: one running, one waiting (one organisation
      // runs at most all slots but one), both held until the test opens them.
      const admin = userWork(await h().actorOf(tokens.admin), NEVER_ABORTED);
      const gates = [gate(), gate()];
      const held = gates.map((g) => queue.run(admin, () => g.promise));
      expect(queue.size).toEqual({ running: 1, waiting: 1 });

      const refused = await exportPdf(tokens.admin, ours);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().detail).toBe(workQueueMessages.pdf.user(2));
      expect(refused.json().detail).toBe(
        'You already have 2 PDF exports being processed; try again when one finishes.',
      );

      // The other firm's export takes the slot kept for other organisations, while the first firm's still wait.
      const theirExport = await exportPdf(tokens.otherAdmin, theirs);
      expect(theirExport.statusCode, theirExport.body).toBe(200);
      expect(theirExport.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(queue.size).toEqual({ running: 1, waiting: 1 });
      for (const g of gates) g.open();
      await Promise.all(held);
      expect(queue.size).toEqual({ running: 0, waiting: 0 });
    },
    120_000,
  );
});
