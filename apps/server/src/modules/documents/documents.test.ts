import { documentMessages, type DocumentListResponse, type SolrDocumentResponse } from '@lexdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { lyingDocxBomb } from '../../platform/extraction/zip-test-files.ts';
import { createCase, indexNow, upload, uploadOk, wordCount } from '../cases/case-test-helpers.ts';
import { buildDocx, buildPdf, buildText } from './sample-files.ts';

const EML = Buffer.from(
  [
    'From: Alice <alice@example.com>',
    'To: Bob <bob@example.com>',
    'Subject: Settlement offer',
    'Date: Mon, 2 Mar 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please find our indemnification proposal attached.',
    '--b1',
    'Content-Type: text/plain; name="terms.txt"',
    'Content-Disposition: attachment; filename="terms.txt"',
    '',
    'Escrow of funds until completion.',
    '--b1--',
    '',
  ].join('\r\n'),
);

describeEachDatabase(
  'documents',
  (h) => {
    let admin: string;
    let user: string;
    let other: string;
    let caseId: number;
    beforeAll(async () => {
      admin = (await h().login(DEMO.admin)).access;
      user = (await h().login(DEMO.user)).access;
      other = (await h().login(DEMO.otherAdmin)).access;
      caseId = (await createCase(h(), admin, { title: 'Documents case' })).id;
    });

    const solr = async (id: number, token = admin) => {
      const res = await h().request('GET', '/api/solr/document/', { token, query: { documentUID: id } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SolrDocumentResponse>();
    };

    describe('upload and index', () => {
      it('stores .docx, .pdf, .txt, .html and .eml files, extracts their text and indexes them', async () => {
        const docx = await uploadOk(
          h(),
          user,
          caseId,
          'Lease.docx',
          await buildDocx('Lease', ['The lessee shall maintain the premises.']),
        );
        const pdf = await uploadOk(
          h(),
          user,
          caseId,
          'Award.pdf',
          buildPdf('Award', ['The arbitrator awards costs to the claimant.']),
        );
        const txt = await uploadOk(
          h(),
          user,
          caseId,
          'notes.txt',
          buildText('Notes', ['Call the witness on Tuesday.']),
        );
        const html = await uploadOk(
          h(),
          user,
          caseId,
          'page.html',
          Buffer.from('<html><body><p>Hello <b>counsel</b></p><script>var hidden = 1;</script></body></html>'),
        );
        const eml = await uploadOk(h(), user, caseId, 'offer.eml', EML);
        expect(docx).toMatchObject({
          name: 'Lease.docx',
          extension: 'docx',
          // The job runner may already have picked the document up by the time the answer is built.
          indexing_state: expect.stringMatching(/^(queued|indexing)$/),
          source: 'upload',
          actions: { delete: true },
        });
        await indexNow(h());
        const list = await h().request('GET', `/api/case/${caseId}/documents/`, { token: user });
        const rows = list.json<DocumentListResponse>().data;
        for (const doc of [docx, pdf, txt, html, eml])
          expect(rows.find((r) => r.id === doc.id)?.indexing_state).toBe('indexed');
        expect((await solr(docx.id)).text).toContain('The lessee shall maintain the premises.');
        expect((await solr(pdf.id)).text).toContain('The arbitrator awards costs to the claimant.');
        const htmlText = (await solr(html.id)).text;
        expect(htmlText).toContain('Hello counsel');
        expect(htmlText).not.toContain('hidden');
        const emlText = await solr(eml.id);
        expect(emlText.text).toContain('Subject: Settlement offer');
        expect(emlText.text).toContain('indemnification proposal');
        expect(emlText.text).toContain('Escrow of funds until completion.');
        expect(emlText).toMatchObject({
          document_uid: eml.id,
          case_id: caseId,
          case_title: 'Documents case',
          indexing_state: 'indexed',
        });
        expect(emlText.word_count).toBeGreaterThan(10);
      });

      it('downloads the original file as an attachment with its name', async () => {
        const content = buildText('Original', ['Exactly these bytes.']);
        const doc = await uploadOk(h(), user, caseId, '../../etc/Ünïcode name.txt', content);
        expect(doc.name).toBe('Ünïcode name.txt');
        const res = await h().request('GET', `/api/document/${doc.id}/download/`, { token: user });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(content)).toBe(true);
        expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%C3%9Cn%C3%AFcode%20name.txt");
        expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      });

      it('refuses a renamed file, an unsupported type, an empty file and a missing file', async () => {
        const pdf = buildPdf('Renamed', ['x']);
        const renamed = await upload(h(), user, caseId, 'contract.docx', pdf);
        expect(renamed.statusCode).toBe(400);
        expect(renamed.json().detail).toBe(documentMessages.mismatch('docx', 'a PDF document'));
        const asText = await upload(h(), user, caseId, 'contract.txt', pdf);
        expect(asText.json().detail).toBe(documentMessages.mismatch('txt', 'a PDF document'));
        const textAsPdf = await upload(h(), user, caseId, 'contract.pdf', Buffer.from('plain words'));
        expect(textAsPdf.json().detail).toBe(documentMessages.mismatch('pdf', 'plain text'));
        const exe = await upload(h(), user, caseId, 'tool.exe', Buffer.from('MZ'));
        expect(exe.json().detail).toBe(documentMessages.unsupported);
        const empty = await upload(h(), user, caseId, 'empty.txt', Buffer.alloc(0));
        expect(empty.json().detail).toBe(documentMessages.empty);
        const none = await h().request('POST', `/api/case/${caseId}/documents/`, { token: user, body: {} });
        expect([400, 415]).toContain(none.statusCode);
        const list = await h().request('GET', `/api/case/${caseId}/documents/`, {
          token: user,
          query: { limits: 200 },
        });
        expect(list.json<DocumentListResponse>().data.map((d) => d.name)).not.toContain('contract.docx');
      });

      it('refuses a .docx that unpacks to far more than its size (zip bomb)', async () => {
        const { default: JSZip } = await import('jszip');
        const zip = new JSZip();
        const real = await JSZip.loadAsync(await buildDocx('Bomb', ['x']));
        for (const name of Object.keys(real.files)) {
          const file = real.file(name);
          if (file) zip.file(name, await file.async('nodebuffer'));
        }
        zip.file('word/media/padding.xml', Buffer.alloc(64 * 1024 * 1024, 0x20));
        const bomb = await zip.generateAsync({
          type: 'nodebuffer',
          compression: 'DEFLATE',
          compressionOptions: { level: 9 },
        });
        const res = await upload(h(), user, caseId, 'bomb.docx', bomb);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(documentMessages.zipBomb);
      });

      it('refuses a .docx zip bomb whose zip directory lies about its sizes (the bytes are counted)', async () => {
        const bomb = await lyingDocxBomb(await buildDocx('Bomb', ['x']));
        const res = await upload(h(), user, caseId, 'lying.docx', bomb);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(documentMessages.zipBomb);
      });

      it('marks a document whose text cannot be extracted as failed after its retries', async () => {
        const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('not really a pdf at all '.repeat(20))]);
        const doc = await uploadOk(h(), user, caseId, 'broken.pdf', broken);
        for (let attempt = 0; attempt < 6; attempt += 1) {
          await indexNow(h());
          h().clock.advance({ hours: 1 });
        }
        const state = await h()
          .database.db.selectFrom('documents')
          .select(['indexing_state', 'indexing_error'])
          .where('id', '=', doc.id)
          .executeTakeFirstOrThrow();
        expect(state.indexing_state).toBe('failed');
        expect(state.indexing_error).toBeTruthy();
      });
    });

    describe('delete', () => {
      it('lets a plain user delete their own uploads only; admin deletes any', async () => {
        const mine = await uploadOk(h(), user, caseId, 'mine.txt', buildText('Mine', ['a']));
        const theirs = await uploadOk(h(), admin, caseId, 'theirs.txt', buildText('Theirs', ['b']));
        expect(theirs.actions.delete).toBe(true);
        const listAsUser = await h().request('GET', `/api/case/${caseId}/documents/`, {
          token: user,
          query: { limits: 200 },
        });
        const rows = listAsUser.json<DocumentListResponse>().data;
        expect(rows.find((r) => r.id === theirs.id)?.actions.delete).toBe(false);
        const refused = await h().request('DELETE', `/api/document/${theirs.id}/`, { token: user });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().detail).toBe(documentMessages.ownOnly);
        const own = await h().request('DELETE', `/api/document/${mine.id}/`, { token: user });
        expect(own.statusCode).toBe(200);
        expect(own.json().detail).toBe('mine.txt deleted successfully');
        expect((await h().request('DELETE', `/api/document/${theirs.id}/`, { token: admin })).statusCode).toBe(200);
        expect((await h().request('GET', `/api/document/${theirs.id}/download/`, { token: admin })).statusCode).toBe(
          404,
        );
      });

      it("takes a deleted document out of the search index, with its words' counts", async () => {
        const doc = await uploadOk(h(), user, caseId, 'fleeting.txt', buildText('Fleeting', ['Quinquennial review.']));
        await indexNow(h());
        const found = async () =>
          (await h().request('GET', `/api/case/${caseId}/documents/`, { token: user, query: { text: 'quinquennial' } }))
            .json<DocumentListResponse>()
            .data.map((row) => row.id);
        const sourcesWithWord = () => wordCount(h(), 'quinquennial');
        expect(await found()).toEqual([doc.id]);
        const before = await sourcesWithWord();
        expect((await h().request('DELETE', `/api/document/${doc.id}/`, { token: user })).statusCode).toBe(200);
        expect(await found()).toEqual([]);
        expect(await sourcesWithWord()).toBe(before - 1);
        const rows = await h()
          .database.db.selectFrom('search_sources')
          .select('id')
          .where('source_kind', '=', 'case_document')
          .where('source_id', '=', doc.id)
          .execute();
        expect(rows).toEqual([]);
      });
    });

    describe('limits and access', () => {
      it('answers 413 with a clear message above UPLOAD_MAX_MB', async () => {
        const small = await h().extraApp({ UPLOAD_MAX_MB: '0.01', JOB_WORKERS: '0' });
        const big = buildText('Big', ['word '.repeat(4000)]);
        const { multipartBody } = await import('../../../test/harness.ts');
        const { payload, headers } = multipartBody('file', 'big.txt', 'text/plain', big);
        const res = await small.inject({
          method: 'POST',
          url: `/api/case/${caseId}/documents/`,
          payload,
          headers: { ...headers, authorization: `Bearer ${admin}` },
        });
        expect(res.statusCode).toBe(413);
        expect(res.json().detail).toBe(documentMessages.tooLarge(0));
      });

      it("answers 404 for another organisation's documents and cases, 401 without a token", async () => {
        const doc = await uploadOk(h(), admin, caseId, 'secret.txt', buildText('Secret', ['classified']));
        for (const [method, url, query] of [
          ['GET', `/api/document/${doc.id}/download/`, undefined],
          ['DELETE', `/api/document/${doc.id}/`, undefined],
          ['GET', '/api/solr/document/', { documentUID: doc.id }],
          ['GET', `/api/case/${caseId}/documents/`, undefined],
        ] as const) {
          const res = await h().request(method, url, { token: other, ...(query ? { query } : {}) });
          expect(res.statusCode, url).toBe(404);
        }
        const foreignUpload = await upload(h(), other, caseId, 'x.txt', buildText('x', ['y']));
        expect(foreignUpload.statusCode).toBe(404);
        expect((await h().request('GET', `/api/document/${doc.id}/download/`)).statusCode).toBe(401);
        expect((await upload(h(), '', caseId, 'x.txt', buildText('x', ['y']))).statusCode).toBe(401);
        expect(
          (await h().request('GET', '/api/solr/document/', { token: admin, query: { documentUID: 'abc' } })).statusCode,
        ).toBe(400);
      });
    });
  },
  { env: { LOG_LEVEL: 'error' } },
);
