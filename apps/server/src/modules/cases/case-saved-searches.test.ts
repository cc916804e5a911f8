import {
  savedSearchMessages,
  type DocumentListResponse,
  type SavedSearchListResponse,
  type SavedSearchRow,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { buildText } from '../documents/sample-files.ts';
import { createCase, indexNow, uploadOk } from './case-test-helpers.ts';

describeEachDatabase(
  'case saved searches',
  (h) => {
    let admin: string;
    let user: string;
    let superToken: string;
    let other: string;
    beforeAll(async () => {
      admin = (await h().login(DEMO.admin)).access;
      user = (await h().login(DEMO.user)).access;
      superToken = (await h().login(DEMO.super)).access;
      other = (await h().login(DEMO.otherAdmin)).access;
    });

    const save = async (token: string, caseId: number, body: object) =>
      h().request('POST', `/api/case/${caseId}/saved-searches/`, { token, body });
    const saveOk = async (token: string, caseId: number, body: object) => {
      const res = await save(token, caseId, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<SavedSearchRow>();
    };
    const list = async (token: string, caseId: number) => {
      const res = await h().request('GET', `/api/case/${caseId}/saved-searches/`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SavedSearchListResponse>();
    };

    it('saves a search with who and when, lists it newest first, and running it finds the documents', async () => {
      const theCase = await createCase(h(), admin, { title: 'Saved search lease' });
      const lease = await uploadOk(
        h(),
        admin,
        theCase.id,
        'lease.txt',
        buildText('Lease', ['The tenant shall pay the quarterly rent review sum.']),
      );
      await uploadOk(h(), admin, theCase.id, 'memo.txt', buildText('Memo', ['Nothing about money here.']));
      await indexNow(h());
      h().clock.advance({ minutes: 1 });
      const first = await saveOk(user, theCase.id, { terms: '  "rent review"  ' });
      expect(first).toMatchObject({
        case_id: theCase.id,
        name: '"rent review"',
        terms: '"rent review"',
        saved_by: 'Uma User',
        created_at: '2026-03-02T09:01:00.000Z',
        actions: { run: true, delete: true },
      });
      const second = await saveOk(admin, theCase.id, { terms: 'tenant', name: ' Tenant duties ' });
      expect(second.name).toBe('Tenant duties');

      const asUser = await list(user, theCase.id);
      expect(asUser.data.map((s) => s.id)).toEqual([second.id, first.id]);
      expect(asUser.page).toEqual({ page_no: 1, limits: 10, total_count: 2, total_pages: 1 });
      // A plain user deletes only their own; super and admin any.
      expect(asUser.data.map((s) => s.actions.delete)).toEqual([false, true]);
      expect((await list(admin, theCase.id)).data.every((s) => s.actions.delete)).toBe(true);
      expect((await list(superToken, theCase.id)).data.every((s) => s.actions.delete)).toBe(true);

      // Running a saved search: the case's documents with its terms.
      const run = await h().request('GET', `/api/case/${theCase.id}/documents/`, {
        token: user,
        query: { text: first.terms },
      });
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json<DocumentListResponse>().data.map((d) => d.id)).toEqual([lease.id]);
      const none = await h().request('GET', `/api/case/${theCase.id}/documents/`, {
        token: user,
        query: { text: '"review rent"' },
      });
      expect(none.json<DocumentListResponse>()).toMatchObject({ data: [], page: { total_count: 0 } });

      const history = await h().request('GET', `/api/case-history/history/${theCase.id}/`, { token: user });
      expect(history.json<{ data: { description: string }[] }>().data[0]?.description).toBe(
        "Ada Admin saved the search 'Tenant duties'",
      );
    });

    it('refuses invalid input with the contract messages', async () => {
      const theCase = await createCase(h(), admin, { title: 'Saved search validation' });
      const cases: [object, number, string][] = [
        [{}, 400, savedSearchMessages.termsRequired],
        [{ terms: '   ' }, 400, savedSearchMessages.termsRequired],
        [{ terms: 'x'.repeat(201) }, 400, savedSearchMessages.termsTooLong],
        [{ terms: 'lease', name: 'n'.repeat(201) }, 400, savedSearchMessages.nameTooLong],
      ];
      for (const [body, status, message] of cases) {
        const res = await save(admin, theCase.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.body).toContain(message);
      }
      await saveOk(admin, theCase.id, { terms: 'lease', name: 'Leases' });
      const duplicate = await save(user, theCase.id, { terms: 'rent', name: 'LEASES' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ detail: savedSearchMessages.duplicate, code: 'CONFLICT' });
      // The same name on another case is fine.
      const otherCase = await createCase(h(), admin, { title: 'Saved search other case' });
      await saveOk(admin, otherCase.id, { terms: 'rent', name: 'Leases' });
      const tooLong = await h().request('GET', `/api/case/${theCase.id}/documents/`, {
        token: admin,
        query: { text: 'x'.repeat(201) },
      });
      expect(tooLong.statusCode).toBe(400);
    });

    it('lets every role save and run; deleting is for the saver, admin and super', async () => {
      const theCase = await createCase(h(), user, { title: 'Saved search roles' });
      const mine = await saveOk(user, theCase.id, { terms: 'mine' });
      const admins = await saveOk(admin, theCase.id, { terms: 'admins' });
      const supers = await saveOk(superToken, theCase.id, { terms: 'supers' });
      const del = (token: string, id: number) => h().request('DELETE', `/api/case/saved-search/${id}/`, { token });

      const refused = await del(user, admins.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(savedSearchMessages.ownOnly);
      const own = await del(user, mine.id);
      expect(own.statusCode).toBe(200);
      expect(own.json().detail).toBe(savedSearchMessages.deleted('mine'));
      expect((await del(admin, supers.id)).statusCode).toBe(200);
      expect((await del(superToken, admins.id)).statusCode).toBe(200);
      expect((await list(user, theCase.id)).data).toEqual([]);
      expect((await del(admin, admins.id)).statusCode).toBe(404);
    });

    it("answers 404 for another organisation's case or saved search, and goes with its case", async () => {
      const theCase = await createCase(h(), admin, { title: 'Saved search private' });
      const search = await saveOk(admin, theCase.id, { terms: 'privileged' });
      for (const [method, url, body] of [
        ['GET', `/api/case/${theCase.id}/saved-searches/`, undefined],
        ['POST', `/api/case/${theCase.id}/saved-searches/`, { terms: 'intruder' }],
        ['DELETE', `/api/case/saved-search/${search.id}/`, undefined],
        ['GET', `/api/case/${theCase.id}/documents/`, undefined],
      ] as const) {
        const res = await h().request(method, url, { token: other, ...(body ? { body } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.', code: 'NOT_FOUND' });
      }
      expect((await list(admin, theCase.id)).data.map((s) => s.id)).toEqual([search.id]);
      expect((await save(admin, 999_999, { terms: 'x' })).statusCode).toBe(404);

      expect((await h().request('DELETE', `/api/case/${theCase.id}/`, { token: admin })).statusCode).toBe(200);
      const left = await h()
        .database.db.selectFrom('case_saved_searches')
        .select('id')
        .where('id', '=', search.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('answers 401 without a token', async () => {
      const theCase = await createCase(h(), admin, { title: 'Saved search no token' });
      const search = await saveOk(admin, theCase.id, { terms: 'lease' });
      for (const [method, url] of [
        ['GET', `/api/case/${theCase.id}/saved-searches/`],
        ['POST', `/api/case/${theCase.id}/saved-searches/`],
        ['DELETE', `/api/case/saved-search/${search.id}/`],
      ] as const) {
        const res = await h().request(method, url, method === 'POST' ? { body: { terms: 'x' } } : {});
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  },
  { env: { LOG_LEVEL: 'error' } },
);
