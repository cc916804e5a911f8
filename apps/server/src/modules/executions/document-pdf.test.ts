/**
 * GET execute/{id}/document/pdf/ (issue 30, "PDF as well as .docx"): the generated document through the
 * LibreOffice conversion every organisation shares. Who may fetch it is who may fetch the .docx; the queue's
 * 429 answers a user past their share before any conversion starts.
 */
import { workQueueMessages, type ExecutionResult } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, testConfig } from '../../../test/harness.ts';
import { conversionQueue } from '../../platform/conversion/docx-to-pdf.ts';
import { pdfText } from '../../platform/conversion/pdf-text.ts';
import { NEVER_ABORTED, userWork } from '../../platform/queues/fair-queue.ts';
import { HAS_LIBREOFFICE } from '../templates/docx/libreoffice.ts';
import { setUp } from './execution-test-setup.ts';

if (!HAS_LIBREOFFICE) console.warn('Skipping the PDF downloads of executions: soffice or pdftotext is missing');

const pdfPathOf = (executed: ExecutionResult) => `${executed.file_path}pdf/`;
const squash = (text: string) => text.replace(/\s+/g, ' ');

describeEachDatabase('the generated document as PDF', (h) => {
  /** A template run by a fresh user of Demo Law LLP, with the answers that name Acme Ltd and Jane Doe. */
  const executedByUser = async () => {
    const { template, answers, admin } = await setUp(h());
    const user = await h().freshSession('user');
    const res = await h().request('POST', '/api/execute/', {
      token: user.token,
      body: { templateId: template.id, data: answers('Yes') },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { template, admin, user, executed: res.json<ExecutionResult>() };
  };

  it.skipIf(!HAS_LIBREOFFICE)(
    'answers the owner, the admin and the super user of the organisation with the PDF holding the answers',
    async () => {
      const { template, admin, user, executed } = await executedByUser();
      // POST execute/ answers as before: the .docx's path, nothing about the PDF.
      expect(executed.file_path).toBe(`/api/execute/${executed.execution_id}/document/`);
      const superUser = await h().freshSession('super');
      for (const [role, token] of [
        ['owner', user.token],
        ['admin', admin.access],
        ['super', superUser.token],
      ] as const) {
        const res = await h().request('GET', pdfPathOf(executed), { token });
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toContain(`filename="${template.name}.pdf"`);
        expect(res.rawPayload.subarray(0, 5).toString('latin1'), role).toBe('%PDF-');
        if (role !== 'owner') continue; // one reading of the text is enough: the bytes are the same document's
        const text = squash(await pdfText(res.rawPayload));
        expect(text).toContain('This agreement is made with Acme Ltd.');
        expect(text).toContain('The guarantor is Jane Doe.');
        expect(text).toContain('It is governed by the laws of England.');
      }
    },
    180_000,
  );

  it('answers 404 to a colleague, another organisation, a deleted execution, and 401 without a token', async () => {
    const { admin, user, executed } = await executedByUser();
    const colleague = await h().freshSession('user');
    const other = await h().login(DEMO.otherAdmin);
    for (const token of [colleague.token, other.access]) {
      const res = await h().request('GET', pdfPathOf(executed), { token });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await h().request('GET', pdfPathOf(executed))).statusCode).toBe(401);
    expect((await h().request('GET', '/api/execute/1/document/pdf/')).statusCode).toBe(401);

    const deleted = await h().request('DELETE', `/api/execute/${executed.execution_id}/`, { token: admin.access });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const token of [user.token, admin.access]) {
      expect((await h().request('GET', pdfPathOf(executed), { token })).statusCode).toBe(404);
    }
    const invalid = await h().request('GET', '/api/execute/abc/document/pdf/', { token: user.token });
    expect(invalid.statusCode).toBe(400);
  });

  it("refuses a user's conversion past their share (429), declared in the API description", async () => {
    const env = { PDF_WORKERS: '2', QUEUE_PER_USER: '2', QUEUE_TOTAL: '43' };
    const app = await h().extraApp(env);
    const queue = conversionQueue(testConfig(h().config.dataDir, env).pdf);
    const { user, executed } = await executedByUser();
    // Two of the user's conversions hold the queue (one running, one waiting) until the test lets them go.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const worker = userWork(await h().actorOf(user.token), NEVER_ABORTED);
    const held = [queue.run(worker, () => gate), queue.run(worker, () => gate)];
    const refused = await app.inject({
      method: 'GET',
      url: pdfPathOf(executed),
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ detail: workQueueMessages.pdf.user(2), code: 'TOO_MANY_REQUESTS' });
    open();
    await Promise.all(held);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });

    const doc = (await h().request('GET', '/api/docs/json')).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    const responses = doc.paths['/api/execute/{execution_id}/document/pdf/']?.get?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
  });
});
