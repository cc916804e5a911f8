import { caseMessages, type CaseDetail, type CaseListResponse } from '@lexdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { buildText } from '../documents/sample-files.ts';
import { createCase, indexNow, uploadOk, wordCount } from './case-test-helpers.ts';
import { DEMO_CASES, seedDemoCaseData } from './cases.seed.ts';

describeEachDatabase(
  'cases',
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

    describe('create, read, edit', () => {
      it('creates a case with parties, assigned users and its first status, and reads it back', async () => {
        const created = await createCase(h(), user, {
          title: '  Smith v Jones  ',
          client: 'Smith Ltd',
          parties: ['Smith Ltd', 'Jones plc'],
          description: 'Breach of a supply contract.',
          status: 'pending',
          assigned_user_ids: [h().ids.admin, h().ids.user],
        });
        expect(created).toMatchObject({
          title: 'Smith v Jones',
          client: 'Smith Ltd',
          parties: ['Smith Ltd', 'Jones plc'],
          status: 'pending',
          documents_count: 0,
          actions: { edit: true, copy_link: true, delete: false, upload: true },
        });
        expect(created.assigned_users.map((u) => u.id).sort()).toEqual([h().ids.admin, h().ids.user].sort());
        const res = await h().request('GET', `/api/case/${created.id}/`, { token: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json<CaseDetail>().actions.delete).toBe(true);
        const history = await h().request('GET', `/api/case/${created.id}/status-history/`, { token: user });
        expect(history.json().data).toMatchObject([{ from_status: null, to_status: 'pending' }]);
      });

      it('refuses invalid input with the contract messages', async () => {
        const cases: [object, string][] = [
          [{ title: '', status: 'open' }, caseMessages.titleRequired],
          [{ title: 'x'.repeat(201), status: 'open' }, caseMessages.titleTooLong],
          [{ title: 'A' }, caseMessages.statusRequired],
          [{ title: 'A', status: 'maybe' }, caseMessages.statusRequired],
          [{ title: 'A', status: 'open', parties: ['  '] }, caseMessages.partyRequired],
          [{ title: 'A', status: 'open', client: 'c'.repeat(201) }, caseMessages.clientTooLong],
          [
            { title: 'A', status: 'open', parties: Array.from({ length: 51 }, (_, i) => `P${i}`) },
            caseMessages.tooManyParties,
          ],
        ];
        for (const [body, message] of cases) {
          const res = await h().request('POST', '/api/case/', { token: admin, body });
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.body).toContain(message);
        }
      });

      it('refuses assigning a user of another organisation', async () => {
        const res = await h().request('POST', '/api/case/', {
          token: admin,
          body: { title: 'A', status: 'open', assigned_user_ids: [h().ids.otherAdmin] },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(caseMessages.unknownUser);
      });

      it('edits a case and records a changed status in its history', async () => {
        const created = await createCase(h(), admin, { title: 'Edit me', status: 'open', parties: ['A'] });
        h().clock.advance({ minutes: 5 });
        const res = await h().request('PUT', `/api/case/${created.id}/`, {
          token: user,
          body: { title: 'Edited', status: 'closed', parties: ['A', 'B'], client: 'New client' },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          title: 'Edited',
          status: 'closed',
          parties: ['A', 'B'],
          client: 'New client',
        });
        const history = await h().request('GET', `/api/case/${created.id}/status-history/`, { token: user });
        expect(history.json().data.map((c: { to_status: string }) => c.to_status)).toEqual(['closed', 'open']);
        const audit = await h()
          .database.db.selectFrom('audit_events')
          .select('action')
          .where('entity', '=', 'case')
          .where('entity_id', '=', created.id)
          .execute();
        expect(audit.map((a) => a.action)).toEqual(['created', 'updated']);
      });

      it('lists the assignable users of the own organisation only', async () => {
        const res = await h().request('GET', '/api/case/users/', { token: user });
        const emails = res.json().data.map((u: { email: string }) => u.email);
        expect(emails).toContain(DEMO.user);
        expect(emails).not.toContain(DEMO.otherAdmin);
      });
    });

    describe('list', () => {
      it('pages, filters by title, client or party, and sorts', async () => {
        const tag = `zz${Date.now().toString(36)}`;
        await createCase(h(), admin, { title: `${tag} Bravo`, client: 'Client B', parties: ['Zeta'], status: 'open' });
        await createCase(h(), admin, { title: `${tag} Alpha`, client: 'Client A', parties: ['Eta'], status: 'closed' });
        await createCase(h(), admin, { title: 'Unrelated', client: `${tag} Charlie`, status: 'pending' });
        const list = async (query: Record<string, string | number>) => {
          const res = await h().request('GET', '/api/case/', { token: user, query });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<CaseListResponse>();
        };
        const byTitle = await list({ search_key: tag, sort_by: 'title', sort_order: 'asc' });
        expect(byTitle.data.map((c) => c.title)).toEqual(['Unrelated', `${tag} Alpha`, `${tag} Bravo`]);
        expect(byTitle.page).toEqual({ page_no: 1, limits: 10, total_count: 3, total_pages: 1 });
        const byParty = await list({ search_key: 'zeta' });
        expect(byParty.data.map((c) => c.title)).toContain(`${tag} Bravo`);
        const paged = await list({ search_key: tag, limits: 10, page_no: 2 });
        expect(paged.data).toEqual([]);
        const closed = await list({ search_key: tag, status: 'closed' });
        expect(closed.data.map((c) => c.title)).toEqual([`${tag} Alpha`]);
        const byParties = await list({ search_key: tag, sort_by: 'parties', sort_order: 'asc' });
        expect(byParties.data[0]?.parties).toEqual([]);
        for (const sort_by of ['client', 'status', 'documents', 'updated'])
          expect((await list({ sort_by })).data.length).toBeGreaterThan(0);
        const bad = await h().request('GET', '/api/case/', { token: user, query: { limits: 7 } });
        expect(bad.statusCode).toBe(400);
      });

      it("never lists another organisation's cases", async () => {
        const mine = await createCase(h(), admin, { title: 'Visible only to Demo Law' });
        const res = await h().request('GET', '/api/case/', {
          token: other,
          query: { search_key: 'Visible only', limits: 200 },
        });
        expect(res.json<CaseListResponse>().data.map((c) => c.id)).not.toContain(mine.id);
      });

      it('finds cases by words and "phrases" of their documents', async () => {
        const target = await createCase(h(), admin, { title: 'Text search target' });
        const decoy = await createCase(h(), admin, { title: 'Text search decoy' });
        await uploadOk(
          h(),
          admin,
          target.id,
          'lease.txt',
          buildText('Lease', ['The quixotic landlord shall repair the roof.']),
        );
        await uploadOk(
          h(),
          admin,
          decoy.id,
          'note.txt',
          buildText('Note', ['The roof shall be repaired by the quixotic tenant.']),
        );
        await indexNow(h());
        const find = async (text: string) =>
          (await h().request('GET', '/api/case/', { token: user, query: { text } }))
            .json<CaseListResponse>()
            .data.map((c) => c.id);
        expect((await find('quixotic roof')).sort()).toEqual([target.id, decoy.id].sort());
        expect(await find('"quixotic landlord"')).toEqual([target.id]);
        expect(await find('"landlord quixotic"')).toEqual([]);
        expect(await find('QUIXOTIC Landlord')).toEqual([target.id]);
        expect(await find('nonexistentword')).toEqual([]);
        const otherOrg = await h().request('GET', '/api/case/', { token: other, query: { text: 'quixotic' } });
        expect(otherOrg.json<CaseListResponse>().data).toEqual([]);
        // Which document matched, not only which case.
        await uploadOk(h(), admin, target.id, 'unrelated.txt', buildText('Other', ['Nothing to see.']));
        await indexNow(h());
        const matched = (
          await h().request('GET', '/api/case/', { token: user, query: { text: '"quixotic landlord"' } })
        ).json<CaseListResponse>().data[0];
        expect(matched).toMatchObject({ matched_documents: [{ name: 'lease.txt' }], matched_documents_count: 1 });
        const plain = (await h().request('GET', '/api/case/', { token: user })).json<CaseListResponse>().data;
        expect(plain.every((c) => c.matched_documents === undefined)).toBe(true);
      });
    });

    describe('delete', () => {
      it('lets super and admin delete a case with its documents, files and index entries', async () => {
        const created = await createCase(h(), user, { title: 'Doomed case' });
        const doc = await uploadOk(h(), user, created.id, 'doomed.txt', buildText('Doomed', ['Ephemeral words.']));
        await indexNow(h());
        const key = (
          await h()
            .database.db.selectFrom('documents')
            .select('storage_key')
            .where('id', '=', doc.id)
            .executeTakeFirstOrThrow()
        ).storage_key;
        const indexRows = () =>
          h()
            .database.db.selectFrom('search_sources')
            .select('source_id')
            .where('source_kind', '=', 'case_document')
            .where('source_id', '=', doc.id)
            .execute();
        const sourcesWithWord = () => wordCount(h(), 'ephemeral');
        expect(await indexRows()).toHaveLength(1);
        const before = await sourcesWithWord();
        expect(
          await h()
            .request('DELETE', `/api/case/${created.id}/`, { token: user })
            .then((r) => r.statusCode),
        ).toBe(403);
        const res = await h().request('DELETE', `/api/case/${created.id}/`, { token: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json().detail).toBe('Doomed case deleted successfully');
        expect((await h().request('GET', `/api/case/${created.id}/`, { token: admin })).statusCode).toBe(404);
        expect(await h().database.db.selectFrom('documents').select('id').where('id', '=', doc.id).execute()).toEqual(
          [],
        );
        expect(await indexRows()).toEqual([]);
        // Removed through the search service (a cascade would leave the vocabulary's count as it was).
        expect(await sourcesWithWord()).toBe(before - 1);
        const { blobStorage } = await import('../../platform/storage/storage.service.ts');
        await expect(blobStorage(h().ctx).get(key)).rejects.toThrow();
        const second = await createCase(h(), admin, { title: 'Super deletes' });
        expect((await h().request('DELETE', `/api/case/${second.id}/`, { token: superToken })).statusCode).toBe(200);
      });
    });

    describe('demo data', () => {
      it('seeds three Demo Law LLP cases with different statuses and one for Other Firm, with documents that index', async () => {
        const ids = await seedDemoCaseData(h().ctx);
        await indexNow(h());
        const demo = DEMO_CASES.filter((c) => c.organisation === 'demo');
        expect(new Set(demo.map((c) => c.body.status)).size).toBe(3);
        for (const sample of DEMO_CASES) {
          const token = sample.organisation === 'demo' ? admin : other;
          const res = await h().request('GET', `/api/case/${ids.get(sample.body.title)}/documents/`, { token });
          expect(res.statusCode, sample.body.title).toBe(200);
          const docs = res.json<{ data: { indexing_state: string }[] }>().data;
          expect(docs.length).toBe(sample.documents.length);
          expect(docs.every((d) => d.indexing_state === 'indexed')).toBe(true);
        }
        const found = await h().request('GET', '/api/case/', { token: user, query: { text: '"liquidated damages"' } });
        expect(found.json<CaseListResponse>().data.map((c) => c.title)).toContain(
          'Harbour Logistics v Northwind Shipping',
        );
      });
    });

    describe('access', () => {
      it("answers 404 for another organisation's case on every route", async () => {
        const mine = await createCase(h(), admin, { title: 'Private matter' });
        const body = { title: 'Hijack', status: 'open' };
        for (const [method, url] of [
          ['GET', `/api/case/${mine.id}/`],
          ['PUT', `/api/case/${mine.id}/`],
          ['DELETE', `/api/case/${mine.id}/`],
          ['GET', `/api/case/${mine.id}/status-history/`],
          ['GET', `/api/case/${mine.id}/documents/`],
        ] as const) {
          const res = await h().request(method, url, { token: other, ...(method === 'PUT' ? { body } : {}) });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json()).toEqual({ detail: 'Not found.', code: 'NOT_FOUND' });
        }
        expect((await h().request('GET', '/api/case/999999/', { token: admin })).statusCode).toBe(404);
      });

      it('answers 401 without a token and 403 without the Case module', async () => {
        expect((await h().request('GET', '/api/case/')).statusCode).toBe(401);
        expect((await h().request('POST', '/api/case/', { body: { title: 'x', status: 'open' } })).statusCode).toBe(
          401,
        );
        const noCase = await h().createUser({
          role: 'user',
          modules: {
            knowledge_permission: false,
            case_permission: false,
            precedent_permission: true,
            doc_analyzer_permission: false,
            my_playbooks_permission: false,
            task_management_permission: false,
            invoice_permission: false,
          },
        });
        const token = (await h().login(noCase.email, noCase.password)).access;
        expect((await h().request('GET', '/api/case/', { token })).statusCode).toBe(403);
      });
    });
  },
  { env: { LOG_LEVEL: 'error' } },
);
