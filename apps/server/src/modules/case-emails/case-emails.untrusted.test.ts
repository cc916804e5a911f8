import { readdirSync } from 'node:fs';
import path from 'node:path';
import { caseEmailMessages, documentMessages, type CaseEmailDetail, type CaseEmailList } from '@lexdesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody, type Harness } from '../../../test/harness.ts';
import { lyingDocxBomb } from '../../platform/extraction/zip-test-files.ts';
import { createCase, importEmail } from '../case-records/test-support.ts';
import { buildDocx } from '../documents/sample-files.ts';
import { buildEml } from './eml-builder.ts';
import { buildMsg } from './msg-builder.ts';

/**
 * An email import parses a file an outsider wrote (issue 10 items 6, 7 and 19): the parse runs on a
 * parsing worker within time and memory limits, archives are inflated and counted, and the files are
 * stored before the one short transaction that commits the rows.
 */

/** A 5 MB Outlook .msg: 1 MB of unclosed `<script` as its only body (quadratic for regular expressions), and padding. */
function hostileMsg(): Buffer {
  return buildMsg({
    from: { name: 'Mallory', email: 'mallory@attacker.example' },
    to: [{ name: 'Lee Lawyer', email: 'lawyer@demo.example' }],
    subject: 'Invoice 2291',
    date: new Date('2026-03-01T09:00:00Z'),
    html: '<script'.repeat(150_000),
    attachments: [{ fileName: 'padding.txt', contentType: 'text/plain', content: Buffer.alloc(2_900_000, 0x61) }],
  });
}

/** Every stored file under DATA_DIR/files. */
function storedFiles(h: Harness): number {
  const root = path.join(h.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

interface Execute {
  execute: (work: (trx: unknown) => Promise<unknown>) => Promise<unknown>;
}

/**
 * Wraps every transaction the app opens from now on (until restored): `around` runs it, and may count
 * what happens while it is open or make it fail.
 */
function wrapTransactions(
  h: Harness,
  around: (execute: Execute['execute'], work: (trx: unknown) => Promise<unknown>) => Promise<unknown>,
): () => void {
  const db = h.ctx.db as unknown as { transaction: () => Execute };
  const original = db.transaction;
  db.transaction = function wrapped(this: unknown) {
    const builder = original.call(db);
    const execute = builder.execute.bind(builder);
    builder.execute = (work) => around(execute, work);
    return builder;
  } as typeof original;
  return () => {
    db.transaction = original;
  };
}

describeEachDatabase('case emails from untrusted files', (h) => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
  });

  describe('parsing off the request thread (item 6)', () => {
    it('keeps other requests answering promptly while a hostile 5 MB .msg is parsed', async () => {
      const token = (await h().login(DEMO.user)).access;
      const theCase = await createCase(h(), token);
      const msg = hostileMsg();
      expect(msg.length).toBeGreaterThan(5_000_000);
      const importing = importEmail(h(), token, theCase.id, msg, 'invoice.msg');
      // While the import is parsed, another organisation's request is answered at once.
      const other = (await h().login(DEMO.otherAdmin)).access;
      const started = performance.now();
      const config = await h().request('GET', '/api/app-config/', { token: other });
      expect(config.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_000);
      const imported = await importing;
      expect(imported.statusCode, imported.body).toBe(201);
      expect(imported.json<CaseEmailDetail>().subject).toBe('Invoice 2291');
    });

    it('refuses an email whose parse goes past the time limit with a clear message, and keeps nothing', async () => {
      const strict = await h().extraApp({ PARSE_TIMEOUT_SECONDS: '0.05' });
      const token = (await h().login(DEMO.user)).access;
      const theCase = await createCase(h(), token);
      const files = storedFiles(h());
      const body = multipartBody('file', 'invoice.msg', 'application/vnd.ms-outlook', hostileMsg());
      const res = await strict.inject({
        method: 'POST',
        url: `/api/case/${theCase.id}/emails/`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        detail: caseEmailMessages.tooComplex,
        fields: { file: caseEmailMessages.tooComplex },
      });
      const list = await h().request('GET', `/api/case/${theCase.id}/emails/`, { token });
      expect(list.json<CaseEmailList>().page.total_count).toBe(0);
      const documents = await h().request('GET', `/api/case/${theCase.id}/documents/`, { token });
      expect(documents.json<{ page: { total_count: number } }>().page.total_count).toBe(0);
      expect(storedFiles(h())).toBe(files);
    });
  });

  describe('archives inside emails (item 7)', () => {
    it('refuses an attached .docx zip bomb whose directory lies about its sizes, and imports the rest', async () => {
      const token = (await h().login(DEMO.user)).access;
      const theCase = await createCase(h(), token);
      const bomb = await lyingDocxBomb(await buildDocx('Bomb', ['Nothing to see.']));
      const eml = buildEml({
        from: 'mallory@attacker.example',
        to: 'lawyer@demo.example',
        subject: 'Contract',
        date: new Date('2026-03-01T09:00:00Z'),
        text: 'See attached.',
        attachments: [
          { fileName: 'contract.docx', contentType: 'application/octet-stream', content: bomb },
          { fileName: 'terms.txt', contentType: 'text/plain', content: Buffer.from('Terms.') },
        ],
      });
      const res = await importEmail(h(), token, theCase.id, eml);
      expect(res.statusCode, res.body).toBe(201);
      const [contract, terms] = res.json<CaseEmailDetail>().attachments;
      expect(contract).toMatchObject({ file_name: 'contract.docx', document_id: null, note: documentMessages.zipBomb });
      expect(terms).toMatchObject({ file_name: 'terms.txt', note: null });
    });
  });

  describe('files first, then one short transaction (item 19)', () => {
    const manyAttachments = () =>
      buildEml({
        from: 'client@example.com',
        to: 'lawyer@demo.example',
        subject: 'Disclosure bundle',
        date: new Date('2026-03-01T09:00:00Z'),
        text: 'The bundle, one file per exhibit.',
        attachments: Array.from({ length: 50 }, (_, n) => ({
          fileName: `exhibit-${n + 1}.txt`,
          contentType: 'text/plain',
          content: Buffer.from(`Exhibit ${n + 1}: ${'statement of facts '.repeat(2000)}`),
        })),
      });

    it('writes no file while a transaction is open: the write lock is held only to commit the rows', async () => {
      const token = (await h().login(DEMO.user)).access;
      const theCase = await createCase(h(), token);
      let writtenInsideTransactions = 0;
      let transactions = 0;
      restore = wrapTransactions(h(), async (execute, work) => {
        const before = storedFiles(h());
        try {
          return await execute(work);
        } finally {
          transactions += 1;
          writtenInsideTransactions += storedFiles(h()) - before;
        }
      });
      const files = storedFiles(h());
      const res = await importEmail(h(), token, theCase.id, manyAttachments());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<CaseEmailDetail>().attachment_count).toBe(50);
      expect(storedFiles(h())).toBe(files + 51);
      expect(transactions).toBeGreaterThan(0);
      expect(writtenInsideTransactions).toBe(0);
    });

    it('removes every stored file of an import whose transaction fails', async () => {
      const token = (await h().login(DEMO.user)).access;
      const theCase = await createCase(h(), token);
      const files = storedFiles(h());
      restore = wrapTransactions(h(), (execute, work) =>
        execute(async (trx) => {
          await work(trx);
          throw new Error('simulated failure before the commit');
        }),
      );
      const res = await importEmail(h(), token, theCase.id, manyAttachments());
      restore();
      restore = null;
      expect(res.statusCode).toBe(500);
      expect(storedFiles(h())).toBe(files);
      const list = await h().request('GET', `/api/case/${theCase.id}/emails/`, { token });
      expect(list.json<CaseEmailList>().page.total_count).toBe(0);
    });
  });
});
