import { ERROR_CODES, sessionMessages, type CaseHistoryResponse, type DashboardResponse } from '@lexdesk/contract';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { storageRoot } from '../../platform/storage/storage.service.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { describeAuditEvents } from '../../platform/audit/audit-sentences.ts';
import { auditVocabularyOf } from '../../platform/modules/lifecycle.ts';
import { indexNow, wordCount } from '../cases/case-test-helpers.ts';
import { documentSearch } from '../documents/index.ts';
import { createCase, importEmail, sampleEml, uploadDocument } from './test-support.ts';

describeEachDatabase('how case events read', (h) => {
  const read = async (action: string, changes: Record<string, unknown>) =>
    (
      await describeAuditEvents(h().ctx.db, auditVocabularyOf(h().ctx.modules), [
        {
          organisationId: h().ids.demoOrg,
          entity: 'case',
          entityId: 1,
          action,
          actor: 'Ada Admin',
          actorId: 1,
          changes,
        },
      ])
    )[0];

  it.each([
    ['created', {}, 'Ada Admin created the case'],
    ['updated', { status: { from: 'open', to: 'closed' } }, 'Ada Admin changed the status from Open to Closed'],
    [
      'updated',
      { status: { from: 'pending', to: 'on_hold' }, fields: ['parties'] },
      'Ada Admin changed the status from Pending to On hold and edited the parties',
    ],
    ['updated', { fields: ['title', 'client'] }, 'Ada Admin edited the title, client'],
    // An event stored before payloads kept ids only still reads.
    ['updated', { title: { from: 'a', to: 'b' }, client: {} }, 'Ada Admin edited the title, client'],
    ['updated', { assigned_users: { from: [1], to: [1, 2] } }, 'Ada Admin edited the assigned users'],
    ['updated', {}, 'Ada Admin edited the case'],
    // A name stored in the details is never read out (migration 0027 removed those of older events).
    ['document.added', { name: 'a.pdf', source: 'email' }, 'Ada Admin added a deleted document from an email'],
    ['document.added', { document_id: 999999 }, 'Ada Admin added a deleted document'],
    ['document.deleted', { document_id: 999999 }, 'Ada Admin deleted a document'],
    ['email.imported', { subject: 'Hi', attachments: 1 }, 'Ada Admin imported a deleted email with 1 attachment'],
    ['email.deleted', { subject: 'Hi' }, 'Ada Admin moved a deleted email to the recycle bin'],
    ['email.purged', { email_id: 999999 }, 'Ada Admin deleted an email for good'],
    [
      'alert.created',
      { alert_type: 'Meeting', due_date: '2026-03-02' },
      'Ada Admin raised a Meeting alert due 2026-03-02',
    ],
    ['report.created', { answers: 3 }, 'Ada Admin answered a case report (3 answers)'],
    ['search.saved', { name: 'lease', terms: 'lease' }, 'Ada Admin saved a deleted search'],
    ['search.deleted', { saved_search_id: 999999 }, 'Ada Admin deleted a saved search'],
    ['something_else.done', {}, 'Ada Admin: case something else done'],
  ])('%s %j reads %j', async (action, changes, sentence) => {
    expect(await read(action, changes)).toBe(sentence);
  });

  it("names today's documents, emails and searches, stores none of their names, and never another firm's", async () => {
    const admin = (await h().login(DEMO.admin)).access;
    const theCase = await createCase(h(), admin, 'Smith v Jones');
    const kept = await uploadDocument(h(), admin, theCase.id, 'Lease.pdf.txt');
    const gone = await uploadDocument(h(), admin, theCase.id, 'Draft.txt');
    expect((await h().request('DELETE', `/api/document/${gone.id}/`, { token: admin })).statusCode).toBe(200);
    await importEmail(h(), admin, theCase.id, sampleEml('Letter before action'));
    const saved = await h().request('POST', `/api/case/${theCase.id}/saved-searches/`, {
      token: admin,
      body: { terms: 'indemnity', name: 'Indemnity clauses' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await h().request('PUT', `/api/case/${theCase.id}/`, {
      token: admin,
      body: { title: 'Smith v Jones (appeal)', status: 'closed', client: 'Acme Ltd' },
    });
    // Another firm's document id in this firm's event must not be read out.
    const other = (await h().login(DEMO.otherAdmin)).access;
    const foreign = await uploadDocument(h(), other, (await createCase(h(), other, 'Other matter')).id, 'Secret.txt');
    await auditService(h().ctx).record(
      { userId: h().ids.admin, organisationId: h().ids.demoOrg },
      'case',
      theCase.id,
      'document.added',
      { document_id: foreign.id },
    );
    const history = (
      await h().request('GET', `/api/case-history/history/${theCase.id}/`, { token: admin, query: { limits: 50 } })
    ).json<CaseHistoryResponse>();
    expect(history.data.map((e) => e.description)).toEqual([
      'Ada Admin added a deleted document',
      'Ada Admin changed the status from Open to Closed and edited the title',
      "Ada Admin saved the search 'Indemnity clauses'",
      "Ada Admin imported the email 'Letter before action' with 2 attachments",
      "Ada Admin added the document 'summary.html' from an email",
      "Ada Admin added the document 'engagement-notes.txt' from an email",
      'Ada Admin deleted a document',
      'Ada Admin added a deleted document',
      "Ada Admin added the document 'Lease.pdf.txt'",
      'Ada Admin created the case',
    ]);
    expect(history.data.at(-2)?.changes).toEqual({ document_id: kept.id, source: 'upload' });
    const stored = await h()
      .database.db.selectFrom('audit_events')
      .select('changes')
      .where('entity', '=', 'case')
      .where('entity_id', '=', theCase.id)
      .execute();
    const payloads = stored.map((row) => row.changes).join('\n');
    for (const content of ['Smith', 'Lease', 'Draft', 'Letter before action', 'indemnity', 'Indemnity', 'Acme']) {
      expect(payloads).not.toContain(content);
    }
  });
});

describeEachDatabase('case history, dashboard and case deletion', (h) => {
  const tokenOf = async (email: string) => (await h().login(email)).access;

  it('names a change of the assigned users, and only when they change', async () => {
    const admin = await tokenOf(DEMO.admin);
    const theCase = await createCase(h(), admin, 'Assignment matter');
    const body = { title: 'Assignment matter', status: 'open', client: 'Acme Ltd' };
    const assign = async (ids: number[]) =>
      expect(
        (
          await h().request('PUT', `/api/case/${theCase.id}/`, {
            token: admin,
            body: { ...body, assigned_user_ids: ids },
          })
        ).statusCode,
      ).toBe(200);
    await assign([h().ids.user]);
    await assign([h().ids.user]);
    const history = (
      await h().request('GET', `/api/case-history/history/${theCase.id}/`, { token: admin })
    ).json<CaseHistoryResponse>();
    expect(history.data.map((e) => e.description)).toEqual([
      'Ada Admin edited the case',
      'Ada Admin edited the assigned users',
      'Ada Admin created the case',
    ]);
  });

  it('GET /api/case-history/history/{id}/ lists every change, newest first, with who did it', async () => {
    const admin = await tokenOf(DEMO.admin);
    const theCase = await createCase(h(), admin, 'History matter');
    await h().request('PUT', `/api/case/${theCase.id}/`, {
      token: admin,
      body: { title: 'History matter', status: 'closed', client: 'Acme Ltd' },
    });
    await importEmail(h(), admin, theCase.id, sampleEml('Letter before action'));
    for (const who of [DEMO.super, DEMO.admin, DEMO.user]) {
      const res = await h().request('GET', `/api/case-history/history/${theCase.id}/`, { token: await tokenOf(who) });
      expect(res.statusCode).toBe(200);
      const history = res.json<CaseHistoryResponse>();
      expect(history.case).toEqual({ id: theCase.id, title: 'History matter' });
      const sentences = history.data.map((e) => e.description);
      expect(sentences).toEqual([
        "Ada Admin imported the email 'Letter before action' with 2 attachments",
        "Ada Admin added the document 'summary.html' from an email",
        "Ada Admin added the document 'engagement-notes.txt' from an email",
        'Ada Admin changed the status from Open to Closed',
        'Ada Admin created the case',
      ]);
      expect(history.data.every((e) => e.actor_name === 'Ada Admin' && e.actor_id === h().ids.admin)).toBe(true);
      expect(history.page).toEqual({ page_no: 1, limits: 10, total_count: 5, total_pages: 1 });
    }
    const paged = (
      await h().request('GET', `/api/case-history/history/${theCase.id}/`, {
        token: admin,
        query: { limits: 10, page_no: 2 },
      })
    ).json<CaseHistoryResponse>();
    expect(paged.data).toEqual([]);
    const other = await tokenOf(DEMO.otherAdmin);
    expect((await h().request('GET', `/api/case-history/history/${theCase.id}/`, { token: other })).statusCode).toBe(
      404,
    );
    expect((await h().request('GET', `/api/case-history/history/${theCase.id}/`)).statusCode).toBe(401);
    const bad = await h().request('GET', '/api/case-history/history/abc/', { token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('GET /api/dashboard/ counts cases by status, documents by state, and lists recent documents and due alerts', async () => {
    const other = await tokenOf(DEMO.otherAdmin);
    const before = (await h().request('GET', '/api/dashboard/', { token: other })).json<DashboardResponse>();
    const theCase = await createCase(h(), other, 'Dashboard matter');
    await h().request('POST', `/api/case/`, { token: other, body: { title: 'Second', status: 'pending' } });
    const doc = await uploadDocument(h(), other, theCase.id, 'dash.txt');
    await h().request('POST', '/api/case-alerts/', {
      token: other,
      body: { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-03-01' },
    });
    const res = await h().request('GET', '/api/dashboard/', { token: other });
    expect(res.statusCode).toBe(200);
    const after = res.json<DashboardResponse>();
    const count = (d: DashboardResponse, status: string) => d.cases_by_status.find((s) => s.status === status)?.count;
    expect(after.cases_by_status.map((s) => s.status)).toEqual(['open', 'pending', 'on_hold', 'closed']);
    expect(count(after, 'open')).toBe((count(before, 'open') ?? 0) + 1);
    expect(count(after, 'pending')).toBe((count(before, 'pending') ?? 0) + 1);
    expect(after.total_cases).toBe(before.total_cases + 2);
    expect(after.total_documents).toBe(before.total_documents + 1);
    expect(after.documents_by_state.map((s) => s.state)).toEqual(['queued', 'indexing', 'indexed', 'failed']);
    expect(after.recent_documents[0]).toMatchObject({ id: doc.id, name: 'dash.txt', case_title: 'Dashboard matter' });
    expect(after.due_alert_count).toBe(before.due_alert_count + 1);
    expect(after.due_alerts.map((a) => a.case_title)).toContain('Dashboard matter');
    // The demo organisation sees none of it.
    const demo = (
      await h().request('GET', '/api/dashboard/', { token: await tokenOf(DEMO.user) })
    ).json<DashboardResponse>();
    expect(demo.recent_documents.map((d) => d.id)).not.toContain(doc.id);
    expect(demo.due_alerts.map((a) => a.case_title)).not.toContain('Dashboard matter');
    expect((await h().request('GET', '/api/dashboard/')).statusCode).toBe(401);
  });

  it('the dashboard needs the Case module (403)', async () => {
    const user = await h().createUser({
      role: 'user',
      modules: {
        knowledge_permission: true,
        case_permission: false,
        precedent_permission: true,
        doc_analyzer_permission: false,
        my_playbooks_permission: false,
        task_management_permission: false,
        invoice_permission: false,
      },
    });
    const { access } = await h().login(user.email, user.password);
    expect((await h().request('GET', '/api/dashboard/', { token: access })).json()).toEqual({
      detail: sessionMessages.forbidden,
      code: ERROR_CODES.forbidden,
    });
  });

  it('deleting a case deletes its emails, alerts and reports in the same transaction, and the stored emails after it', async () => {
    const admin = await tokenOf(DEMO.admin);
    const theCase = await createCase(h(), admin);
    const email = (await importEmail(h(), admin, theCase.id, sampleEml())).json<{ emailId: number }>();
    const alert = (
      await h().request('POST', '/api/case-alerts/', {
        token: admin,
        body: { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-03-01', comment: 'x' },
      })
    ).json<{ id: number }>();
    const question = (
      await h().request('POST', '/api/case-report/questions/', {
        token: admin,
        body: { question: `Delete test ${Date.now()}?`, answer_type: 'short' },
      })
    ).json<{ id: number }>();
    const report = (
      await h().request('POST', '/api/case-report/reports/', {
        token: admin,
        body: { case_id: theCase.id, answers: [{ question_id: question.id, answer: 'yes' }] },
      })
    ).json<{ id: number }>();
    const stored = await h()
      .database.db.selectFrom('case_emails')
      .select('storage_key')
      .where('id', '=', email.emailId)
      .executeTakeFirstOrThrow();
    const file = path.join(storageRoot(h().ctx), stored.storage_key);
    expect(existsSync(file)).toBe(true);
    // The email's attachments are case documents in the search index: they leave it through the search
    // service (the vocabulary's counts go down), not only through a cascade.
    await indexNow(h());
    const indexedOfCase = await h()
      .database.db.selectFrom('search_sources')
      .select('source_id')
      .where('case_id', '=', theCase.id)
      .execute();
    const withWord = await documentSearch(h().ctx).find(h().ids.demoOrg, 'indemnity');
    const ofCase = withWord.filter((id) => indexedOfCase.some((row) => row.source_id === id));
    expect(ofCase.length).toBeGreaterThan(0);
    const sourcesWithWord = () => wordCount(h(), 'indemnity');
    const before = await sourcesWithWord();

    const del = await h().request('DELETE', `/api/case/${theCase.id}/`, { token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect((await h().request('GET', `/api/case/email/${email.emailId}/`, { token: admin })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/case-alerts/${alert.id}/`, { token: admin })).statusCode).toBe(404);
    expect((await h().request('GET', `/api/case-report/reports/${report.id}/`, { token: admin })).statusCode).toBe(404);
    const db = h().database.db;
    const rowsLeft = await Promise.all([
      db.selectFrom('case_email_attachments').select('id').where('email_id', '=', email.emailId).execute(),
      db.selectFrom('case_alert_comments').select('id').where('alert_id', '=', alert.id).execute(),
      db.selectFrom('case_report_answers').select('id').where('report_id', '=', report.id).execute(),
    ]);
    expect(rowsLeft).toEqual([[], [], []]);
    expect(await db.selectFrom('search_sources').select('id').where('case_id', '=', theCase.id).execute()).toEqual([]);
    expect(await sourcesWithWord()).toBe(before - ofCase.length);
    expect(existsSync(file)).toBe(false);
    // The question stays: it belongs to the organisation, not to the case.
    expect((await h().request('GET', `/api/case-report/questions/${question.id}/`, { token: admin })).statusCode).toBe(
      200,
    );
  });
});
