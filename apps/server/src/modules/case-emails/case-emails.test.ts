import { caseEmailMessages, ERROR_CODES, type CaseEmailDetail, type CaseEmailList } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { createCase, importEmail, sampleEml } from '../case-records/test-support.ts';
import { indexNow } from '../cases/case-test-helpers.ts';
import { buildDocx } from '../documents/sample-files.ts';
import { buildEml } from './eml-builder.ts';
import { buildMsg, type MsgAttachment } from './msg-builder.ts';

/** A real Outlook .msg from Jane Client, built in the test (no third-party file in the repository). */
const sampleMsg = (attachments: MsgAttachment[]) =>
  buildMsg({
    from: { name: 'Jane Client', email: 'jane@client.example' },
    to: [{ name: 'Lee Lawyer', email: 'lawyer@demo.example' }],
    cc: [{ name: 'paralegal@demo.example', email: 'paralegal@demo.example' }],
    subject: 'Signed engagement letter from Outlook',
    date: new Date('2026-02-27T10:15:00Z'),
    messageId: '<outlook-engagement@client.example>',
    text: 'Please find the signed engagement letter and the notes attached.',
    attachments,
  });

describeEachDatabase('case emails', (h) => {
  const tokenOf = async (email: string) => (await h().login(email)).access;

  describe('POST /api/case/{case_id}/emails/', () => {
    it('imports an .eml: its fields, the original file, and each attachment as a case document', async () => {
      const token = await tokenOf(DEMO.user);
      const theCase = await createCase(h(), token);
      const res = await importEmail(h(), token, theCase.id, sampleEml(), 'engagement.eml');
      expect(res.statusCode, res.body).toBe(201);
      const email = res.json<CaseEmailDetail>();
      expect(email).toMatchObject({
        case_id: theCase.id,
        subject: 'Signed engagement letter',
        from_address: '"Jane Client" <jane@client.example>',
        to_addresses: 'lawyer@demo.example',
        cc_addresses: 'paralegal@demo.example',
        sent_at: '2026-02-27T10:15:00.000Z',
        file_name: 'engagement.eml',
        format: 'eml',
        hasAttachments: true,
        attachment_count: 2,
        deleted_at: null,
        created_by: 'Uma User',
      });
      expect(email.body_text).toContain('signed engagement letter');
      expect(email.attachments.map((a) => [a.file_name, a.note])).toEqual([
        ['engagement-notes.txt', null],
        ['summary.html', null],
      ]);
      const documents = await h().request('GET', `/api/case/${theCase.id}/documents/`, { token });
      const rows = documents.json<{ data: { id: number; name: string; source: string; email_id: number }[] }>().data;
      for (const attachment of email.attachments) {
        expect(rows).toContainEqual(
          expect.objectContaining({ id: attachment.document_id, source: 'email', email_id: email.emailId }),
        );
      }
      const original = await h().request('GET', `/api/case/email/${email.emailId}/download/`, { token });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-disposition']).toContain('engagement.eml');
      expect(original.rawPayload.length).toBeGreaterThan(500);
      expect(original.body).toContain('Subject: Signed engagement letter');
      const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'case', theCase.id);
      expect(history.at(-1)).toMatchObject({ action: 'email.imported', changes: { email_id: email.emailId } });
    });

    it('imports an Outlook .msg: its fields, the original file, each attachment as a case document, indexed', async () => {
      const token = await tokenOf(DEMO.user);
      const theCase = await createCase(h(), token);
      const notes = Buffer.from('The client accepts the indemnity clause and the fee schedule.');
      const docx = await buildDocx('Engagement letter', ['The retainer is payable within fourteen days.']);
      const msg = sampleMsg([
        { fileName: 'engagement-notes.txt', contentType: 'text/plain', content: notes },
        {
          fileName: 'engagement-letter.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          content: docx,
        },
      ]);
      const res = await importEmail(h(), token, theCase.id, msg, 'engagement.msg');
      expect(res.statusCode, res.body).toBe(201);
      const email = res.json<CaseEmailDetail>();
      expect(email).toMatchObject({
        case_id: theCase.id,
        subject: 'Signed engagement letter from Outlook',
        from_address: '"Jane Client" <jane@client.example>',
        to_addresses: '"Lee Lawyer" <lawyer@demo.example>',
        cc_addresses: 'paralegal@demo.example',
        sent_at: '2026-02-27T10:15:00.000Z',
        file_name: 'engagement.msg',
        format: 'msg',
        size_bytes: msg.length,
        hasAttachments: true,
        attachment_count: 2,
      });
      expect(email.body_text).toBe('Please find the signed engagement letter and the notes attached.');
      expect(email.attachments.map((a) => [a.file_name, a.note, a.size_bytes])).toEqual([
        ['engagement-notes.txt', null, notes.length],
        ['engagement-letter.docx', null, docx.length],
      ]);

      // Each attachment is a case document with exactly its bytes, whose text is extracted and indexed.
      await indexNow(h());
      const documents = await h().request('GET', `/api/case/${theCase.id}/documents/`, { token });
      const rows = documents.json<{
        data: { id: number; source: string; email_id: number; indexing_state: string }[];
      }>().data;
      const expected = [
        [notes, 'The client accepts the indemnity clause'],
        [docx, 'The retainer is payable within fourteen days.'],
      ] as const;
      for (const [index, [bytes, words]] of expected.entries()) {
        const documentId = email.attachments[index]?.document_id;
        expect(rows.find((row) => row.id === documentId)).toMatchObject({
          source: 'email',
          email_id: email.emailId,
          indexing_state: 'indexed',
        });
        const file = await h().request('GET', `/api/document/${documentId}/download/`, { token });
        expect(file.rawPayload.equals(bytes)).toBe(true);
        const indexed = await h().request('GET', '/api/solr/document/', {
          token: await tokenOf(DEMO.admin),
          query: { documentUID: documentId ?? 0 },
        });
        expect(indexed.json<{ text: string }>().text).toContain(words);
      }
      const original = await h().request('GET', `/api/case/email/${email.emailId}/download/`, { token });
      expect(original.headers['content-disposition']).toContain('engagement.msg');
      expect(original.rawPayload.equals(msg)).toBe(true);
    });

    it('refuses a truncated .msg as unreadable (400) and keeps nothing of it', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const msg = sampleMsg([{ fileName: 'a.txt', contentType: 'text/plain', content: Buffer.from('Terms.') }]);
      const res = await importEmail(h(), token, theCase.id, msg.subarray(0, msg.length / 2), 'broken.msg');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: caseEmailMessages.unreadable, code: ERROR_CODES.validation });
      const list = await h().request('GET', `/api/case/${theCase.id}/emails/`, { token });
      expect(list.json<CaseEmailList>().page.total_count).toBe(0);
      const documents = await h().request('GET', `/api/case/${theCase.id}/documents/`, { token });
      expect(documents.json<{ page: { total_count: number } }>().page.total_count).toBe(0);
    });

    it('imports an email without attachments (hasAttachments false)', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const eml = buildEml({
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 'Plain note',
        date: new Date('2026-01-05T08:00:00Z'),
        text: 'Just text.',
      });
      const res = await importEmail(h(), token, theCase.id, eml);
      expect(res.statusCode).toBe(201);
      expect(res.json<CaseEmailDetail>()).toMatchObject({
        hasAttachments: false,
        attachment_count: 0,
        attachments: [],
      });
    });

    it('keeps an attachment the document store refuses, with the reason, and imports the rest', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const eml = buildEml({
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 'With a picture',
        date: new Date('2026-01-05T08:00:00Z'),
        text: 'See the photo.',
        attachments: [
          { fileName: 'photo.png', contentType: 'image/png', content: Buffer.from('89504e470d0a1a0a0000', 'hex') },
          { fileName: 'terms.txt', contentType: 'text/plain', content: Buffer.from('Terms and conditions.') },
        ],
      });
      const res = await importEmail(h(), token, theCase.id, eml);
      expect(res.statusCode, res.body).toBe(201);
      const [photo, terms] = res.json<CaseEmailDetail>().attachments;
      expect(photo).toMatchObject({ file_name: 'photo.png', document_id: null });
      expect(photo?.note).toBeTruthy();
      expect(terms).toMatchObject({ file_name: 'terms.txt', note: null });
      expect(terms?.document_id).toEqual(expect.any(Number));
    });

    it.each([
      ['a PDF renamed to .eml', Buffer.from('%PDF-1.7\n1 0 obj\n'), 'renamed.eml', caseEmailMessages.fileType],
      ['an .eml named .txt', sampleEml(), 'mail.txt', caseEmailMessages.fileType],
      ['an .eml named .msg', sampleEml(), 'mail.msg', caseEmailMessages.fileType],
      ['plain text named .eml', Buffer.from('hello there, no headers'), 'note.eml', caseEmailMessages.fileType],
    ])('refuses %s with 400', async (_label, data, name, detail) => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const res = await importEmail(h(), token, theCase.id, data, name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail, code: ERROR_CODES.validation });
    });

    it('asks for a file when none is sent, or the field is not `file`, or the file is empty', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const noBody = await h().request('POST', `/api/case/${theCase.id}/emails/`, { token, body: {} });
      expect(noBody.json()).toMatchObject({ detail: caseEmailMessages.fileRequired });
      const other = multipartBody('attachment', 'mail.eml', 'message/rfc822', sampleEml());
      const wrongField = await h().request('POST', `/api/case/${theCase.id}/emails/`, {
        token,
        payload: other.payload,
        headers: other.headers,
      });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toMatchObject({ detail: caseEmailMessages.fileRequired });
      const empty = await importEmail(h(), token, theCase.id, Buffer.alloc(0));
      expect(empty.json()).toMatchObject({ detail: caseEmailMessages.fileRequired });
    });

    it('answers 404 for a case of another organisation and a missing case; 401 without a token', async () => {
      const token = await tokenOf(DEMO.admin);
      const theirs = await createCase(h(), await tokenOf(DEMO.otherAdmin));
      expect((await importEmail(h(), token, theirs.id, sampleEml())).statusCode).toBe(404);
      expect((await importEmail(h(), token, 999_999, sampleEml())).statusCode).toBe(404);
      expect((await importEmail(h(), null, theirs.id, sampleEml())).statusCode).toBe(401);
    });
  });

  describe('list, recycle bin, restore, delete for good', () => {
    it('every role moves an email to the recycle bin, restores it, and deletes it for good', async () => {
      for (const role of [DEMO.super, DEMO.admin, DEMO.user] as const) {
        const token = await tokenOf(role);
        const theCase = await createCase(h(), token);
        const email = (await importEmail(h(), token, theCase.id, sampleEml(`Mail of ${role}`))).json<CaseEmailDetail>();
        const list = async (deleted: boolean) =>
          (
            await h().request('GET', `/api/case/${theCase.id}/emails/`, {
              token,
              query: { deleted: String(deleted) },
            })
          ).json<CaseEmailList>();
        expect((await list(false)).data.map((e) => e.emailId)).toEqual([email.emailId]);
        expect((await list(true)).data).toEqual([]);

        const del = await h().request('DELETE', `/api/case/email/${email.emailId}/`, { token });
        expect(del.json()).toEqual({ detail: caseEmailMessages.movedToBin });
        expect((await list(false)).data).toEqual([]);
        const bin = await list(true);
        expect(bin.data.map((e) => e.emailId)).toEqual([email.emailId]);
        expect(bin.data[0]?.deleted_at).toBe(h().clock.now().toISOString());
        // The attachments stay case documents while the email is in the bin.
        const docs = await h().request('GET', `/api/case/${theCase.id}/documents/`, { token });
        expect(docs.json<{ page: { total_count: number } }>().page.total_count).toBe(2);
        const again = await h().request('DELETE', `/api/case/email/${email.emailId}/`, { token });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ detail: caseEmailMessages.inBin });

        const restored = await h().request('POST', `/api/case/email/${email.emailId}/restore/`, { token });
        expect(restored.statusCode).toBe(200);
        expect(restored.json<CaseEmailDetail>().deleted_at).toBeNull();
        expect((await list(false)).data.map((e) => e.emailId)).toEqual([email.emailId]);
        const notInBin = await h().request('DELETE', `/api/case/email/${email.emailId}/permanent/`, { token });
        expect(notInBin.statusCode).toBe(409);
        expect(notInBin.json()).toMatchObject({ detail: caseEmailMessages.notInBin });
        const restoreLive = await h().request('POST', `/api/case/email/${email.emailId}/restore/`, { token });
        expect(restoreLive.json()).toMatchObject({ detail: caseEmailMessages.notInBin });

        await h().request('DELETE', `/api/case/email/${email.emailId}/`, { token });
        const purge = await h().request('DELETE', `/api/case/email/${email.emailId}/permanent/`, { token });
        expect(purge.json()).toEqual({ detail: caseEmailMessages.deletedForGood });
        expect((await list(true)).data).toEqual([]);
        expect((await h().request('GET', `/api/case/email/${email.emailId}/`, { token })).statusCode).toBe(404);
        const actions = (await auditService(h().ctx).historyOf(h().ids.demoOrg, 'case', theCase.id)).map(
          (e) => e.action,
        );
        expect(actions).toEqual(
          expect.arrayContaining(['email.imported', 'email.deleted', 'email.restored', 'email.purged']),
        );
      }
    });

    it('pages and searches by subject or address; refuses a page size the spec does not offer', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      for (const subject of ['Lease renewal', 'Invoice 42', 'Lease schedule']) {
        await importEmail(h(), token, theCase.id, sampleEml(subject));
        h().clock.advance({ minutes: 1 });
      }
      const url = `/api/case/${theCase.id}/emails/`;
      const found = (await h().request('GET', url, { token, query: { search_key: 'LEASE' } })).json<CaseEmailList>();
      expect(found.data.map((e) => e.subject)).toEqual(['Lease schedule', 'Lease renewal']);
      const byAddress = (
        await h().request('GET', url, { token, query: { search_key: 'jane@client' } })
      ).json<CaseEmailList>();
      expect(byAddress.page.total_count).toBe(3);
      const paged = (await h().request('GET', url, { token, query: { limits: 10, page_no: 1 } })).json<CaseEmailList>();
      expect(paged.page).toEqual({ page_no: 1, limits: 10, total_count: 3, total_pages: 1 });
      const bad = await h().request('GET', url, { token, query: { limits: 7 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ detail: 'limits must be one of 10, 15, 20, 25, 50, 100, 200' });
    });

    it('a user of another organisation gets 404 on every email id of this one; no token 401', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const email = (await importEmail(h(), token, theCase.id, sampleEml())).json<CaseEmailDetail>();
      const other = await tokenOf(DEMO.otherAdmin);
      const id = email.emailId;
      const calls: [string, string][] = [
        ['GET', `/api/case/${theCase.id}/emails/`],
        ['GET', `/api/case/email/${id}/`],
        ['GET', `/api/case/email/${id}/download/`],
        ['DELETE', `/api/case/email/${id}/`],
        ['POST', `/api/case/email/${id}/restore/`],
        ['DELETE', `/api/case/email/${id}/permanent/`],
      ];
      for (const [method, url] of calls) {
        const res = await h().request(method as 'GET', url, { token: other });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.notFound });
        expect((await h().request(method as 'GET', url, { token: null })).statusCode).toBe(401);
      }
      // Nothing changed for its owner.
      const still = await h().request('GET', `/api/case/email/${id}/`, { token });
      expect(still.json<CaseEmailDetail>().deleted_at).toBeNull();
    });

    it('refuses users without the Case module (403)', async () => {
      const modules = {
        knowledge_permission: true,
        case_permission: false,
        precedent_permission: true,
        doc_analyzer_permission: true,
        my_playbooks_permission: true,
        task_management_permission: true,
        invoice_permission: true,
      };
      const user = await h().createUser({ role: 'admin', modules });
      const { access } = await h().login(user.email, user.password);
      const res = await h().request('GET', '/api/case/1/emails/', { token: access });
      expect(res.statusCode).toBe(403);
    });
  });
});
