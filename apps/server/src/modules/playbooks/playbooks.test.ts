import {
  playbookMessages as M,
  type PlaybookDetail,
  type PlaybookList,
  type PlaybookCategoryList,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { DEMO_LICENCE, DEMO_NDA } from './playbooks.seed.ts';
import { createCategory, createPlaybook, seedPlaybooks, uniqueName } from './playbook-test-helpers.ts';

describeEachDatabase('playbooks: list, detail, create, edit, delete', (h) => {
  const tokens = async () => {
    await seedPlaybooks(h());
    return {
      super: (await h().login(DEMO.super)).access,
      admin: (await h().login(DEMO.admin)).access,
      user: (await h().login(DEMO.user)).access,
      other: (await h().login(DEMO.otherAdmin)).access,
    };
  };

  it('lists the demo playbooks with their categories and versions, and answers ?id= with the detail', async () => {
    const { user } = await tokens();
    const res = await h().request('GET', '/api/playbook/', { token: user, query: { page_no: 1, limits: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<PlaybookList>();
    const nda = list.data.find((row) => row.name === DEMO_NDA);
    expect(nda).toMatchObject({ playbook_type: 'Non-disclosure agreement', current_version: 1, is_own: true });
    expect(nda?.entry_count).toBe(6);
    expect(nda?.categories).toContain('Scope');
    expect(list.data.find((row) => row.name === DEMO_LICENCE)?.current_version).toBeNull();
    const searched = await h().request('GET', '/api/playbook/', { token: user, query: { search_key: 'licence' } });
    expect(searched.json<PlaybookList>().data.map((row) => row.name)).toEqual([DEMO_LICENCE]);

    const byId = await h().request('GET', '/api/playbook/', { token: user, query: { id: nda?.id ?? 0 } });
    expect(byId.statusCode, byId.body).toBe(200);
    const detail = byId.json<PlaybookDetail>();
    expect(detail).toMatchObject({ name: DEMO_NDA, current_version: 1, has_unpublished_changes: false, is_own: true });
    expect(detail.attachment_count).toBe(1);
    expect(detail.entries[0]?.fallbacks.length).toBeGreaterThan(0);
    expect((await h().request('GET', '/api/playbook/', { token: user, query: { id: 999999 } })).statusCode).toBe(404);
  });

  it('creates, edits and deletes a playbook (staff), sanitising rich text and keeping entries in order', async () => {
    const { admin, super: superToken } = await tokens();
    const category = await createCategory(h(), admin);
    const name = uniqueName();
    const created = await h().request('POST', '/api/playbook/', {
      token: superToken,
      body: {
        name,
        playbook_type: 'Lease',
        category_ids: [category],
        entries: [
          {
            topic: 'Rent review',
            category_id: category,
            standard_position: '<p onclick="x()">Upward only</p><script>1</script>',
          },
          { topic: 'Break clause' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ detail: M.created });
    const id = created.json<{ id: number }>().id;
    const detail = (await h().request('GET', `/api/playbook/${id}/`, { token: admin })).json<PlaybookDetail>();
    expect(detail.entries.map((e) => e.topic)).toEqual(['Rent review', 'Break clause']);
    expect(detail.entries[0]?.standard_position).toBe('<p>Upward only</p>');
    expect(detail).toMatchObject({ current_version: null, has_unpublished_changes: true, created_by: 'Sam Super' });
    const entryIds = detail.entries.map((e) => e.id);

    const edited = await h().request('PUT', `/api/playbook/${id}/`, {
      token: admin,
      body: {
        name: `${name} v2`,
        playbook_type: 'Lease',
        entries: [{ topic: 'Break clause' }, { topic: 'Repairs' }, { topic: 'Insurance' }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ detail: M.updated, id });
    const after = (await h().request('GET', `/api/playbook/${id}/`, { token: admin })).json<PlaybookDetail>();
    expect(after.entries.map((e) => e.topic)).toEqual(['Break clause', 'Repairs', 'Insurance']);
    // Entries are rewritten in place: the first two keep their ids.
    expect(after.entries.slice(0, 2).map((e) => e.id)).toEqual(entryIds);
    expect(after.categories).toEqual([]);

    const removed = await h().request('DELETE', `/api/playbook/${id}/`, { token: admin });
    expect(removed.json()).toEqual({ detail: M.deleted });
    expect((await h().request('GET', `/api/playbook/${id}/`, { token: admin })).statusCode).toBe(404);
    expect(
      await h().database.db.selectFrom('playbook_entries').select('id').where('playbook_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('answers the validation messages', async () => {
    const { admin } = await tokens();
    const post = (body: object) => h().request('POST', '/api/playbook/', { token: admin, body });
    const detail = async (body: object) => (await post(body)).json<{ detail: string }>().detail;
    expect((await post({ playbook_type: 'Lease' })).statusCode).toBe(400);
    expect(await detail({ playbook_type: 'Lease' })).toBe(M.nameRequired);
    expect(await detail({ name: ' ', playbook_type: 'Lease' })).toBe(M.nameRequired);
    expect(await detail({ name: 'x'.repeat(201), playbook_type: 'Lease' })).toBe(M.nameTooLong);
    expect(await detail({ name: 'No type' })).toBe(M.selectType);
    expect(await detail({ name: 'Entry', playbook_type: 'Lease', entries: [{ topic: '' }] })).toBe(M.topicRequired);
    expect(
      await detail({
        name: 'Fallback',
        playbook_type: 'Lease',
        entries: [{ topic: 'T', fallbacks: [{ position: '' }] }],
      }),
    ).toBe(M.positionRequired);
    expect(await detail({ name: 'Many', playbook_type: 'Lease', entries: Array(201).fill({ topic: 'T' }) })).toBe(
      M.tooManyEntries,
    );
    const unknownCategory = await post({ name: 'Cat', playbook_type: 'Lease', category_ids: [999999] });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().detail).toBe(M.unknownCategory);
    const category = await createCategory(h(), admin);
    expect(
      await detail({ name: 'Entry cat', playbook_type: 'Lease', entries: [{ topic: 'T', category_id: category }] }),
    ).toBe(M.unknownCategory);
    expect(
      await detail({ name: 'Heads', playbook_type: 'Lease', entries: [{ topic: 'T', concept_head_ids: [999999] }] }),
    ).toBe(M.unknownConceptHead);
    const taken = await post({ name: DEMO_NDA.toUpperCase(), playbook_type: 'Lease' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: M.nameExists, fields: { name: M.nameExists } });
  });

  it('lets a user read only, and another organisation see nothing of Demo Law LLP', async () => {
    const { admin, user, other } = await tokens();
    const id = await createPlaybook(h(), admin);
    expect((await h().request('GET', `/api/playbook/${id}/`, { token: user })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/playbook/', { name: 'By a user', playbook_type: 'Lease' }],
      ['PUT', `/api/playbook/${id}/`, { name: 'By a user', playbook_type: 'Lease' }],
      ['DELETE', `/api/playbook/${id}/`, undefined],
      ['POST', `/api/playbook/${id}/duplicate/`, undefined],
      ['POST', '/api/playbook-category/', { name: 'By a user' }],
    ] as const) {
      const res = await h().request(method, url, { token: user, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of [`/api/playbook/${id}/`, `/api/playbook/preview/${id}/`, `/api/playbook-attachment/list/${id}/`])
      expect((await h().request('GET', url, { token: other })).statusCode, url).toBe(404);
    expect(
      (await h().request('PUT', `/api/playbook/${id}/`, { token: other, body: { name: 'X', playbook_type: 'Lease' } }))
        .statusCode,
    ).toBe(404);
    expect((await h().request('DELETE', `/api/playbook/${id}/`, { token: other })).statusCode).toBe(404);
    const theirs = await h().request('GET', '/api/playbook/', { token: other });
    expect(theirs.json<PlaybookList>().data).toEqual([]);
    expect((await h().request('GET', '/api/playbook/')).statusCode).toBe(401);
    expect((await h().request('GET', `/api/playbook/${id}/`)).statusCode).toBe(401);
  });

  it('duplicates a playbook as "Copy of …" with entries and categories and no versions', async () => {
    const { admin } = await tokens();
    const nda = (await h().request('GET', '/api/playbook/', { token: admin, query: { search_key: 'Mutual NDA' } }))
      .json<PlaybookList>()
      .data.find((row) => row.name === DEMO_NDA);
    const res = await h().request('POST', `/api/playbook/${nda?.id}/duplicate/`, { token: admin });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().detail).toBe(M.duplicated);
    const copy = (await h().request('GET', `/api/playbook/${res.json().id}/`, { token: admin })).json<PlaybookDetail>();
    expect(copy).toMatchObject({
      name: `Copy of ${DEMO_NDA}`,
      current_version: null,
      versions: [],
      attachment_count: 1,
    });
    expect(copy.entries).toHaveLength(6);
    expect(copy.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Scope', 'Term']));
    const again = await h().request('POST', `/api/playbook/${nda?.id}/duplicate/`, { token: admin });
    expect((await h().request('GET', `/api/playbook/${again.json().id}/`, { token: admin })).json().name).toBe(
      `Copy of ${DEMO_NDA} (2)`,
    );
  });

  it('searches by name, type, categories and dates (advance search)', async () => {
    const { admin, user } = await tokens();
    const category = await createCategory(h(), admin);
    const id = await createPlaybook(h(), admin, {
      playbook_type: 'Supply agreement',
      category_ids: [category],
      entries: [],
    });
    const search = (body: object) => h().request('POST', '/api/playbook/advance-search/', { token: user, body });
    const ids = async (body: object) => (await search(body)).json<PlaybookList>().data.map((row) => row.id);
    expect(await ids({ playbook_type: 'Supply agreement' })).toEqual([id]);
    expect(await ids({ category_ids: [category] })).toEqual([id]);
    expect(
      await ids({ updated_from: '2026-03-02', updated_to: '2026-03-02', playbook_type: 'Supply agreement' }),
    ).toEqual([id]);
    expect(await ids({ updated_to: '2026-03-01', playbook_type: 'Supply agreement' })).toEqual([]);
    expect((await search({ playbook_type: 'Nope' })).statusCode).toBe(400);
    expect((await search({ updated_from: '2026-13-40' })).statusCode).toBe(400);
  });
});

describeEachDatabase('playbook categories', (h) => {
  it("lists, adds and renames the organisation's categories (409 on a name that exists)", async () => {
    await seedPlaybooks(h());
    const { access: admin } = await h().login(DEMO.admin);
    const { access: user } = await h().login(DEMO.user);
    const { access: other } = await h().login(DEMO.otherAdmin);
    const name = uniqueName('Cat');
    const added = await h().request('POST', '/api/playbook-category/', { token: admin, body: { name } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ detail: M.categoryAdded, category: { name } });
    const id = added.json().category.id as number;
    const again = await h().request('POST', '/api/playbook-category/', {
      token: admin,
      body: { name: name.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(M.categoryExists);
    const empty = await h().request('POST', '/api/playbook-category/', { token: admin, body: { name: '  ' } });
    expect(empty.json().detail).toBe(M.categoryRequired);
    const list = (await h().request('GET', '/api/playbook-category/', { token: user })).json<PlaybookCategoryList>();
    expect(list.data.map((c) => c.name)).toContain(name);
    const renamed = await h().request('PUT', `/api/playbook-category/${id}/`, {
      token: admin,
      body: { name: `${name}!` },
    });
    expect(renamed.json()).toEqual({ detail: M.categoryUpdated, category: { id, name: `${name}!` } });
    expect(
      (await h().request('PUT', `/api/playbook-category/${id}/`, { token: admin, body: { name: 'Scope' } })).statusCode,
    ).toBe(409);
    expect(
      (await h().request('PUT', `/api/playbook-category/${id}/`, { token: user, body: { name: 'U' } })).statusCode,
    ).toBe(403);
    expect(
      (await h().request('PUT', `/api/playbook-category/${id}/`, { token: other, body: { name: 'O' } })).statusCode,
    ).toBe(404);
    const theirs = (await h().request('GET', '/api/playbook-category/', { token: other })).json<PlaybookCategoryList>();
    expect(theirs.data.map((c) => c.name)).not.toContain(`${name}!`);
    expect((await h().request('GET', '/api/playbook-category/')).statusCode).toBe(401);
  });
});

describeEachDatabase('playbooks in the OpenAPI document', (h) => {
  it('lists the routes with their parameters by record kind', async () => {
    const doc = await h().request('GET', '/api/docs/json');
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/playbook/',
        '/api/playbook/{playbook_id}/',
        '/api/playbook/attachments/{attachment_id}/',
        '/api/playbook-category/{playbook_category_id}/',
        '/api/case/{case_id}/playbooks/{playbook_id}/',
        '/api/playbook-term/',
      ]),
    );
    expect(Object.keys(doc.json().paths['/api/playbook/{playbook_id}/publish/'].post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '409',
    ]);
  });
});
