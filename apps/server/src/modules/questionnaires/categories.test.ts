import { ERROR_CODES, questionnaireMessages as M, type CategoryList, type CategorySaved } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { shortAnswer } from './questionnaire-fixtures.ts';

let n = 0;
const uniqueName = (prefix = 'Category') => `${prefix} ${Date.now().toString(36)}-${(n += 1)}`;

describeEachDatabase('question categories', (h) => {
  const create = async (token: string, name = uniqueName()) => {
    const res = await h().request('POST', '/api/category/', { token, body: { user_id: 1, name } });
    expect(res.statusCode).toBe(201);
    return res.json<CategorySaved>();
  };

  it('adds, lists, reads, renames and deletes a category (admin), trimming the name and auditing', async () => {
    const { access } = await h().login(DEMO.admin);
    const name = uniqueName('  Leases');
    const created = await create(access, name);
    expect(created).toMatchObject({ detail: M.categoryAdded, category_name: name.trim() });

    const list = (await h().request('GET', '/api/category/', { token: access })).json<CategoryList>();
    expect(list.data).toContainEqual({ category_id: created.category_id, category_name: name.trim() });
    const one = await h().request('GET', `/api/category/${created.category_id}/`, { token: access });
    expect(one.json()).toEqual({ category_id: created.category_id, category_name: name.trim() });

    const renamed = await h().request('PUT', `/api/category/${created.category_id}/`, {
      token: access,
      body: { name: 'Renamed leases' + n },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ detail: M.categoryUpdated, category_name: 'Renamed leases' + n });

    const removed = await h().request('DELETE', `/api/category/${created.category_id}/`, { token: access });
    expect(removed.json()).toEqual({ detail: M.categoryDeleted });
    const gone = await h().request('GET', `/api/category/${created.category_id}/`, { token: access });
    expect(gone.statusCode).toBe(404);

    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'question_category', created.category_id);
    expect(history.map((e) => e.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('refuses a blank or over-long name with the spec message, and a duplicate name (any case) with 409', async () => {
    const { access } = await h().login(DEMO.super);
    for (const name of ['', '   ', 'x'.repeat(255)]) {
      const res = await h().request('POST', '/api/category/', { token: access, body: { user_id: 1, name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(M.blankCategory);
    }
    const exactly = await create(access, 'y'.repeat(254));
    expect(exactly.category_name).toHaveLength(254);
    const first = await create(access, uniqueName('Wills'));
    const duplicate = await h().request('POST', '/api/category/', {
      token: access,
      body: { name: first.category_name.toUpperCase() },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ detail: M.categoryExists, code: ERROR_CODES.conflict });
    const other = await create(access);
    const renameClash = await h().request('PUT', `/api/category/${other.category_id}/`, {
      token: access,
      body: { name: first.category_name },
    });
    expect(renameClash.statusCode).toBe(409);
    const blankRename = await h().request('PUT', `/api/category/${other.category_id}/`, {
      token: access,
      body: { name: ' ' },
    });
    expect(blankRename.json().detail).toBe(M.blankCategory);
    // Renaming to its own name in another case is fine.
    const sameName = await h().request('PUT', `/api/category/${other.category_id}/`, {
      token: access,
      body: { name: other.category_name.toLowerCase() },
    });
    expect(sameName.statusCode).toBe(200);
  });

  it('keeps the questions and forms of a deleted category, without a category', async () => {
    const { access } = await h().login(DEMO.admin);
    const category = await create(access);
    const saved = await h().request('POST', '/api/questionnaire/', {
      token: access,
      body: { category: category.category_id, form: [shortAnswer('Client name?', 'client_name')] },
    });
    const formId = saved.json<{ id: number }>().id;
    await h().request('DELETE', `/api/category/${category.category_id}/`, { token: access });
    const form = await h().request('GET', `/api/question/get/${formId}/`, { token: access });
    expect(form.statusCode).toBe(200);
    expect(form.json()[0]).toMatchObject({ question_text: 'Client name?', category: null, category_name: null });
    const update = await h().request('PUT', `/api/question/get/${formId}/`, {
      token: access,
      body: { form: form.json(), category: null },
    });
    expect(update.json().detail).toBe(M.noCategoryForUpdate);
  });

  it('lets every role read categories, but only super and admin change them', async () => {
    const { access: admin } = await h().login(DEMO.admin);
    const category = await create(admin);
    const { access: user } = await h().login(DEMO.user);
    expect((await h().request('GET', '/api/category/', { token: user })).statusCode).toBe(200);
    expect((await h().request('GET', `/api/category/${category.category_id}/`, { token: user })).statusCode).toBe(200);
    const writes = [
      h().request('POST', '/api/category/', { token: user, body: { name: uniqueName() } }),
      h().request('PUT', `/api/category/${category.category_id}/`, { token: user, body: { name: uniqueName() } }),
      h().request('DELETE', `/api/category/${category.category_id}/`, { token: user }),
      h().request('GET', `/api/category/question/${category.category_id}/`, { token: user }),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);
  });

  it("answers 404 for another organisation's category, and 401 without a token", async () => {
    const { access: other } = await h().login(DEMO.otherAdmin);
    const foreign = await create(other);
    const { access } = await h().login(DEMO.super);
    const id = foreign.category_id;
    for (const res of await Promise.all([
      h().request('GET', `/api/category/${id}/`, { token: access }),
      h().request('PUT', `/api/category/${id}/`, { token: access, body: { name: uniqueName() } }),
      h().request('DELETE', `/api/category/${id}/`, { token: access }),
      h().request('GET', `/api/category/question/${id}/`, { token: access }),
    ])) {
      expect(res.statusCode).toBe(404);
    }
    const mine = (await h().request('GET', '/api/category/', { token: access })).json<CategoryList>();
    expect(mine.data.map((c) => c.category_id)).not.toContain(id);
    for (const [method, url] of [
      ['GET', '/api/category/'],
      ['POST', '/api/category/'],
      ['GET', `/api/category/${id}/`],
      ['PUT', `/api/category/${id}/`],
      ['DELETE', `/api/category/${id}/`],
      ['GET', `/api/category/question/${id}/`],
    ] as const) {
      expect((await h().request(method, url, { token: null, body: { name: 'x' } })).statusCode).toBe(401);
    }
  });
});
