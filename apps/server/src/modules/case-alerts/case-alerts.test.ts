import {
  alertMessages,
  commonMessages,
  ERROR_CODES,
  sessionMessages,
  type CaseAlert,
  type CaseAlertList,
} from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { createCase, uploadDocument } from '../case-records/test-support.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };

describeEachDatabase('case alerts', (h) => {
  const tokenOf = async (email: string) => (await h().login(email)).access;
  /** The test clock's today. */
  const today = () => h().clock.now().toISOString().slice(0, 10);

  async function raise(token: string, body: Record<string, unknown>) {
    return h().request('POST', '/api/case-alerts/', { token, body });
  }

  describe('POST /api/case-alerts/', () => {
    it('super and admin raise an alert with linked documents and a first comment', async () => {
      for (const who of [DEMO.super, DEMO.admin]) {
        const token = await tokenOf(who);
        const theCase = await createCase(h(), token, `Alert matter ${who}`);
        const doc = await uploadDocument(h(), token, theCase.id, 'lease.txt');
        const res = await raise(token, {
          case_id: theCase.id,
          alert_type: 'Filing deadline',
          due_date: '2026-03-10',
          document_ids: [doc.id],
          comment: 'File the defence before the deadline.',
        });
        expect(res.statusCode, res.body).toBe(201);
        const alert = res.json<CaseAlert>();
        expect(alert).toMatchObject({
          case_id: theCase.id,
          case_title: `Alert matter ${who}`,
          alert_type: 'Filing deadline',
          due_date: '2026-03-10',
          is_done: false,
          is_due: false,
          documents: [{ id: doc.id, name: 'lease.txt' }],
          comments: [{ text: 'File the defence before the deadline.' }],
        });
        const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'case', theCase.id);
        expect(history.at(-1)).toMatchObject({ action: 'alert.created', changes: { alert_id: alert.id } });
      }
    });

    it.each([
      [{}, alertMessages.caseRequired],
      [{ case_id: 1, due_date: '2026-03-10' }, alertMessages.alertTypeRequired],
      [{ case_id: 1, alert_type: 'Party', due_date: '2026-03-10' }, alertMessages.alertTypeRequired],
      [{ case_id: 1, alert_type: 'Meeting' }, alertMessages.dueDateRequired],
      [{ case_id: 1, alert_type: 'Meeting', due_date: '' }, alertMessages.dueDateRequired],
      [{ case_id: 1, alert_type: 'Meeting', due_date: '2026-02-30' }, alertMessages.dueDateInvalid],
      [{ case_id: 1, alert_type: 'Meeting', due_date: '10/03/2026' }, alertMessages.dueDateInvalid],
      [
        { case_id: 1, alert_type: 'Meeting', due_date: '2026-03-10', comment: 'x'.repeat(2001) },
        alertMessages.commentTooLong(2000),
      ],
    ])('%# answers 400 %j', async (body, detail) => {
      const res = await raise(await tokenOf(DEMO.admin), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail, code: ERROR_CODES.validation });
    });

    it('refuses documents of another case (400) and a case of another organisation (404)', async () => {
      const token = await tokenOf(DEMO.admin);
      const one = await createCase(h(), token);
      const two = await createCase(h(), token);
      const doc = await uploadDocument(h(), token, two.id);
      const res = await raise(token, {
        case_id: one.id,
        alert_type: 'Meeting',
        due_date: '2026-03-10',
        document_ids: [doc.id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: alertMessages.documentNotInCase });
      const theirs = await createCase(h(), await tokenOf(DEMO.otherAdmin));
      const foreign = await raise(token, { case_id: theirs.id, alert_type: 'Meeting', due_date: '2026-03-10' });
      expect(foreign.statusCode).toBe(404);
    });

    it('a plain user may not raise alerts (403); no token 401', async () => {
      const body = { case_id: 1, alert_type: 'Meeting', due_date: '2026-03-10' };
      expect((await raise(await tokenOf(DEMO.user), body)).json()).toEqual(FORBIDDEN);
      expect((await h().request('POST', '/api/case-alerts/', { body })).statusCode).toBe(401);
    });
  });

  describe('edit, comments, delete', () => {
    it('admin edits type, date, documents and done; adds comments; deletes', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token);
      const doc = await uploadDocument(h(), token, theCase.id);
      const alert = (
        await raise(token, { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-03-20' })
      ).json<CaseAlert>();
      const put = await h().request('PUT', `/api/case-alerts/${alert.id}/`, {
        token,
        body: { alert_type: 'Court date', due_date: today(), document_ids: [doc.id], is_done: false },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json<CaseAlert>()).toMatchObject({
        alert_type: 'Court date',
        due_date: today(),
        is_due: true,
        documents: [{ id: doc.id }],
      });
      const comment = await h().request('POST', `/api/case-alerts/${alert.id}/comments/`, {
        token,
        body: { text: '  Counsel confirmed.  ' },
      });
      expect(comment.statusCode).toBe(201);
      expect(comment.json<CaseAlert>().comments).toEqual([
        expect.objectContaining({ text: 'Counsel confirmed.', created_by: 'Ada Admin' }),
      ]);
      const empty = await h().request('POST', `/api/case-alerts/${alert.id}/comments/`, { token, body: { text: ' ' } });
      expect(empty.json()).toMatchObject({ detail: alertMessages.commentRequired });
      const done = await h().request('PUT', `/api/case-alerts/${alert.id}/`, {
        token,
        body: { alert_type: 'Court date', due_date: today(), is_done: true },
      });
      expect(done.json<CaseAlert>()).toMatchObject({ is_done: true, is_due: false, documents: [] });
      const del = await h().request('DELETE', `/api/case-alerts/${alert.id}/`, { token });
      expect(del.json()).toEqual({ detail: commonMessages.deleted('Alert') });
      expect((await h().request('GET', `/api/case-alerts/${alert.id}/`, { token })).statusCode).toBe(404);
      const actions = (await auditService(h().ctx).historyOf(h().ids.demoOrg, 'case', theCase.id)).map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['alert.updated', 'alert.commented', 'alert.deleted']));
    });

    it('a plain user reads alerts but may not edit, comment or delete (403)', async () => {
      const admin = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), admin);
      const alert = (
        await raise(admin, { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-03-20' })
      ).json<CaseAlert>();
      const user = await tokenOf(DEMO.user);
      expect((await h().request('GET', `/api/case-alerts/${alert.id}/`, { token: user })).statusCode).toBe(200);
      const body = { alert_type: 'Meeting', due_date: '2026-03-21' };
      expect((await h().request('PUT', `/api/case-alerts/${alert.id}/`, { token: user, body })).json()).toEqual(
        FORBIDDEN,
      );
      expect(
        (
          await h().request('POST', `/api/case-alerts/${alert.id}/comments/`, { token: user, body: { text: 'x' } })
        ).json(),
      ).toEqual(FORBIDDEN);
      expect((await h().request('DELETE', `/api/case-alerts/${alert.id}/`, { token: user })).json()).toEqual(FORBIDDEN);
    });

    it('a user of another organisation gets 404 on every alert id of this one; no token 401', async () => {
      const admin = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), admin);
      const alert = (
        await raise(admin, { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-03-20' })
      ).json<CaseAlert>();
      const other = await tokenOf(DEMO.otherAdmin);
      const body = { alert_type: 'Meeting', due_date: '2026-03-21', text: 'x' };
      for (const [method, url] of [
        ['GET', `/api/case-alerts/${alert.id}/`],
        ['PUT', `/api/case-alerts/${alert.id}/`],
        ['POST', `/api/case-alerts/${alert.id}/comments/`],
        ['DELETE', `/api/case-alerts/${alert.id}/`],
      ] as const) {
        const res = await h().request(method, url, { token: other, body });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect((await h().request(method, url, { body })).statusCode).toBe(401);
      }
      const list = await h().request('GET', '/api/case-alerts/', { token: other, query: { case_id: theCase.id } });
      expect(list.statusCode).toBe(404);
      const theirs = (await h().request('GET', '/api/case-alerts/', { token: other })).json<CaseAlertList>();
      expect(theirs.data.map((a) => a.id)).not.toContain(alert.id);
    });
  });

  describe('GET /api/case-alerts/ and GET /api/case/alert/notifications/', () => {
    it('lists open alerts first, soonest due first, filters by case, status and search', async () => {
      const token = await tokenOf(DEMO.admin);
      const theCase = await createCase(h(), token, 'Zebra Holdings v Quagga');
      for (const [type, date] of [
        ['Meeting', '2026-04-01'],
        ['Court date', '2026-03-05'],
        ['Other', '2026-03-01'],
      ] as const) {
        await raise(token, { case_id: theCase.id, alert_type: type, due_date: date });
      }
      const list = (
        await h().request('GET', '/api/case-alerts/', { token, query: { case_id: theCase.id } })
      ).json<CaseAlertList>();
      expect(list.data.map((a) => a.due_date)).toEqual(['2026-03-01', '2026-03-05', '2026-04-01']);
      expect(list.data.map((a) => a.is_due)).toEqual([true, false, false]);
      const due = (
        await h().request('GET', '/api/case-alerts/', { token, query: { case_id: theCase.id, status: 'due' } })
      ).json<CaseAlertList>();
      expect(due.data.map((a) => a.alert_type)).toEqual(['Other']);
      const search = (
        await h().request('GET', '/api/case-alerts/', { token, query: { search_key: 'zebra holdings' } })
      ).json<CaseAlertList>();
      expect(search.page.total_count).toBe(3);
      const bad = await h().request('GET', '/api/case-alerts/', { token, query: { status: 'late' } });
      expect(bad.statusCode).toBe(400);
    });

    it("returns the due, open alerts of the caller's matters, with the spec fields", async () => {
      const admin = await tokenOf(DEMO.admin);
      const created = await h().request('POST', '/api/case/', {
        token: admin,
        body: { title: 'Notification matter', status: 'open', assigned_user_ids: [h().ids.user] },
      });
      const theCase = created.json<{ id: number }>();
      const doc = await uploadDocument(h(), admin, theCase.id, 'brief.txt');
      const dueToday = (
        await raise(admin, {
          case_id: theCase.id,
          alert_type: 'Court date',
          due_date: today(),
          document_ids: [doc.id],
          comment: 'Bring the bundle.',
        })
      ).json<CaseAlert>();
      const later = (
        await raise(admin, { case_id: theCase.id, alert_type: 'Meeting', due_date: '2026-08-01' })
      ).json<CaseAlert>();
      // The admin raised it, the user is assigned to the case; the super user has nothing to do with it.
      for (const [who, sees] of [
        [DEMO.admin, true],
        [DEMO.user, true],
        [DEMO.super, false],
      ] as const) {
        const res = await h().request('GET', '/api/case/alert/notifications/', { token: await tokenOf(who) });
        expect(res.statusCode).toBe(200);
        const alerts = res.json<CaseAlert[]>();
        const mine = alerts.find((a) => a.id === dueToday.id);
        if (!sees) {
          expect(mine, who).toBeUndefined();
          continue;
        }
        expect(mine).toMatchObject({
          case_id: theCase.id,
          case_title: 'Notification matter',
          documents: [{ id: doc.id, name: 'brief.txt' }],
          alert_type: 'Court date',
          comments: [expect.objectContaining({ text: 'Bring the bundle.' })],
        });
        expect(alerts.map((a) => a.id)).not.toContain(later.id);
      }
      // When the day comes, the later alert is due too; once done, it is not.
      h().clock.set(new Date('2026-08-01T08:00:00Z'));
      const lateAdmin = await tokenOf(DEMO.admin);
      const decemberRes = await h().request('GET', '/api/case/alert/notifications/', { token: lateAdmin });
      expect(decemberRes.statusCode, decemberRes.body).toBe(200);
      const december = decemberRes.json<CaseAlert[]>();
      expect(december.map((a) => a.id)).toEqual(expect.arrayContaining([dueToday.id, later.id]));
      await h().request('PUT', `/api/case-alerts/${later.id}/`, {
        token: lateAdmin,
        body: { alert_type: 'Meeting', due_date: '2026-08-01', is_done: true },
      });
      const after = (await h().request('GET', '/api/case/alert/notifications/', { token: lateAdmin })).json<
        CaseAlert[]
      >();
      expect(after.map((a) => a.id)).not.toContain(later.id);
      const other = (
        await h().request('GET', '/api/case/alert/notifications/', { token: await tokenOf(DEMO.otherAdmin) })
      ).json<CaseAlert[]>();
      expect(other.map((a) => a.case_id)).not.toContain(theCase.id);
      expect((await h().request('GET', '/api/case/alert/notifications/')).statusCode).toBe(401);
    });
  });
});
