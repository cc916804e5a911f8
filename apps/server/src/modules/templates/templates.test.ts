import {
  documentMessages,
  templateMessages as M,
  type AssignmentResponse,
  type TemplateDetail,
  type TemplateListResponse,
  type TemplateSaved,
} from '@lexdesk/contract';
import PizZip from 'pizzip';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { lyingDocxBomb } from '../../platform/extraction/zip-test-files.ts';
import { buildPrecedent } from './template-fixtures.ts';
import {
  createQuestionnaire,
  createTemplate,
  precedentFor,
  replaceBody,
  unique,
  uploadTemplate,
} from './template-test-helpers.ts';

describeEachDatabase('templates', (h) => {
  it('uploads a precedent and shows the tag matching on both sides and the category list', async () => {
    const { access } = await h().login(DEMO.admin);
    const q = await createQuestionnaire(h(), access);
    const res = await uploadTemplate(h(), access, await precedentFor(q.tag), {
      name: 'Guarantee',
      description: 'Our guarantee',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { detail, template } = res.json<TemplateSaved>();
    expect(detail).toBe(M.templateUploaded);
    expect(template).toMatchObject({
      name: 'Guarantee',
      description: 'Our guarantee',
      version: 1,
      file_name: 'precedent.docx',
    });
    expect(template.tags).toEqual([
      q.tag('client'),
      q.tag('guarantee'),
      q.tag('guarantor'),
      q.tag('law'),
      q.tag('nobody'),
    ]);
    expect(template.matching.document_only).toEqual([q.tag('nobody')]);
    expect(template.matching.question_only.map((x) => x.question_text)).toEqual(['Unused question?']);
    expect(template.matching.matched.map((m) => m.tag)).toEqual([
      q.tag('client'),
      q.tag('guarantee'),
      q.tag('guarantor'),
      q.tag('law'),
    ]);
    expect(template.categories).toEqual([{ id: q.categoryId, name: `Category ${q.prefix}`, active: true }]);
    expect(template.actions).toEqual({
      assign: true,
      edit: true,
      history: true,
      copy_link: true,
      delete: true,
      execute: true,
    });
  });

  it('answers each validation message of an upload', async () => {
    const { access } = await h().login(DEMO.admin);
    const good = await buildPrecedent({ title: 'Plain', lines: ['{{ a_tag }}'] });
    const cases: [Record<string, string>, Buffer | null, string, number][] = [
      [{ name: '', description: '' }, good, M.nameRequired, 400],
      [{ name: 'x'.repeat(201) }, good, M.nameTooLong, 400],
      [{ name: 'ok', description: 'd'.repeat(2001) }, good, M.descriptionTooLong, 400],
    ];
    for (const [fields, file, message, status] of cases) {
      const res = await uploadTemplate(h(), access, file ?? Buffer.alloc(0), fields);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toBe(message);
    }
    const noFile = await uploadTemplate(h(), access, Buffer.alloc(0), { name: 'No file' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(M.fileRequired);
    const notDocx = await uploadTemplate(h(), access, Buffer.from('hello'), { name: 'Text' }, 'notes.txt');
    expect(notDocx.statusCode).toBe(400);
    expect(notDocx.json().detail).toBe(M.fileRequired);
    const fake = await uploadTemplate(h(), access, Buffer.from('not a zip at all'), { name: 'Fake' }, 'fake.docx');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toMatch(/not a Word document/);
    // A call is the docxtpl dialect (accepted, docs/template-language.md); an unclosed block is refused.
    const broken = await uploadTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'B', lines: ['Dear {{ name() }}{% if x %}'] }),
      { name: 'Broken' },
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(
      /^In the main text: the template's \{% %\} \/ \{\{ \}\} syntax cannot be read/,
    );
    const big = await uploadTemplate(h(), access, Buffer.alloc(20 * 1024 * 1024 + 10, 1), { name: 'Big' }, 'big.docx');
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe(M.fileTooLarge);
  });

  it('refuses a tag with spaces as the builder does, stating each problem once with whole words around it', async () => {
    const { access } = await h().login(DEMO.admin);
    const res = await uploadTemplate(
      h(),
      access,
      await buildPrecedent({
        title: 'Letter',
        lines: [
          'We write on behalf of our valued client {{ client name }} about the lease of the premises.',
          'Yours faithfully, for and on behalf of {{ client name }}.',
          'Signed on {{ today() }}',
        ],
      }),
      { name: 'Spaces' },
    );
    expect(res.statusCode).toBe(400);
    // `{{ today() }}` alone would be the docxtpl dialect; beside a tag with spaces neither dialect reads the
    // file: the template language's message first, then what to write instead of the tag with spaces.
    const lines = res.json().detail.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^In the main text: the template's \{% %\} \/ \{\{ \}\} syntax cannot be read/);
    expect(lines[1]).toBe(
      'In the main text near "behalf of our valued client {{ client name }} about the lease of the": The placeholder ' +
        "{{ client name }} has a space in its name, and a question's tag cannot. Write {{ client_name }}. It is used in 2 places.",
    );
  });

  it('refuses a template that is a zip bomb, whatever sizes its zip directory declares', async () => {
    const { access } = await h().login(DEMO.admin);
    const bomb = await lyingDocxBomb(await buildPrecedent({ title: 'Bomb', lines: ['Dear {{ Name }}'] }));
    const res = await uploadTemplate(h(), access, bomb, { name: 'Bomb' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(documentMessages.zipBomb);
  });

  it('lets super and admin write, and refuses users (403); no token is 401', async () => {
    const file = await buildPrecedent({ title: 'Roles', lines: ['{{ role_tag }}'] });
    for (const email of [DEMO.super, DEMO.admin]) {
      const { access } = await h().login(email);
      expect((await uploadTemplate(h(), access, file)).statusCode).toBe(201);
    }
    const user = await h().login(DEMO.user);
    const refused = await uploadTemplate(h(), user.access, file);
    expect(refused.statusCode).toBe(403);
    expect((await uploadTemplate(h(), null, file)).statusCode).toBe(401);
    expect((await h().request('GET', '/api/document-template/')).statusCode).toBe(401);
  });

  it('shows users only the templates assigned to them, with history and copy link only', async () => {
    const admin = await h().login(DEMO.admin);
    const template = await createTemplate(
      h(),
      admin.access,
      await buildPrecedent({ title: 'Assigned', lines: ['{{ x_tag }}'] }),
    );
    const user = await h().freshSession('user');
    const listOf = async (token: string) =>
      (
        await h().request('GET', '/api/document-template/', { token, query: { limits: 200 } })
      ).json<TemplateListResponse>();
    expect((await listOf(user.token)).data.map((t) => t.id)).not.toContain(template.id);
    expect((await h().request('GET', `/api/document-template/${template.id}/`, { token: user.token })).statusCode).toBe(
      404,
    );

    const assign = await h().request('PUT', `/api/document-template/${template.id}/assign/`, {
      token: admin.access,
      body: { everyone: false, user_ids: [user.id] },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().detail).toBe(M.templateAssigned);
    const row = (await listOf(user.token)).data.find((t) => t.id === template.id);
    expect(row?.actions).toEqual({
      assign: false,
      edit: false,
      history: true,
      copy_link: true,
      delete: false,
      execute: true,
    });
    const current = await h().request('GET', `/api/document-template/${template.id}/assign/`, { token: admin.access });
    expect(current.json<AssignmentResponse>()).toMatchObject({ everyone: false, user_ids: [user.id] });

    for (const [method, url] of [
      ['PUT', `/api/document-template/${template.id}/`],
      ['DELETE', `/api/document-template/${template.id}/`],
      ['GET', `/api/document-template/${template.id}/file/`],
      ['PUT', `/api/document-template/${template.id}/assign/`],
    ] as const) {
      const res = await h().request(method, url, {
        token: user.token,
        body: method === 'PUT' ? { name: 'x', everyone: true } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await h().login(DEMO.otherAdmin);
    const foreign = await h().request('PUT', `/api/document-template/${template.id}/assign/`, {
      token: admin.access,
      body: { everyone: false, user_ids: [h().ids.otherAdmin] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(M.userNotInOrganisation);
    expect(other.access).toBeTruthy();
  });

  it("answers 404 for another organisation's template, on every call", async () => {
    const admin = await h().login(DEMO.admin);
    const template = await createTemplate(
      h(),
      admin.access,
      await buildPrecedent({ title: 'Ours', lines: ['{{ o_tag }}'] }),
    );
    const other = await h().login(DEMO.otherAdmin);
    const file = await buildPrecedent({ title: 'Theirs', lines: ['{{ o_tag }}'] });
    const calls = [
      h().request('GET', `/api/document-template/${template.id}/`, { token: other.access }),
      h().request('PUT', `/api/document-template/${template.id}/`, { token: other.access, body: { name: 'Stolen' } }),
      h().request('DELETE', `/api/document-template/${template.id}/`, { token: other.access }),
      h().request('GET', `/api/document-template/${template.id}/file/`, { token: other.access }),
      h().request('GET', `/api/document-template/${template.id}/assign/`, { token: other.access }),
      h().request('POST', `/api/document-template/${template.id}/file/`, { token: other.access, ...replaceBody(file) }),
      h().request('PUT', `/api/document-template/${template.id}/category/1/`, {
        token: other.access,
        body: { active: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const list = await h().request('GET', '/api/document-template/', { token: other.access, query: { limits: 200 } });
    expect(list.json<TemplateListResponse>().data.map((t) => t.id)).not.toContain(template.id);
  });

  it('renames, replaces the document as a new version, toggles a category, downloads and deletes', async () => {
    const { access } = await h().login(DEMO.super);
    const q = await createQuestionnaire(h(), access);
    const template = await createTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'V1', lines: [`{{ ${q.tag('client')} }}`] }),
    );
    expect(template.categories).toHaveLength(1);

    const renamed = await h().request('PUT', `/api/document-template/${template.id}/`, {
      token: access,
      body: { name: '  Renamed  ', description: 'New words' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<TemplateSaved>()).toMatchObject({
      detail: M.templateUpdated,
      template: { name: 'Renamed', description: 'New words' },
    });
    const blank = await h().request('PUT', `/api/document-template/${template.id}/`, {
      token: access,
      body: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toBe(M.nameRequired);

    const v2 = await buildPrecedent({ title: 'V2', lines: [`{{ ${q.tag('law')} }} and {{ fresh_tag }}`] });
    const replaced = await h().request('POST', `/api/document-template/${template.id}/file/`, {
      token: access,
      ...replaceBody(v2),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<TemplateSaved>()).toMatchObject({
      detail: M.templateReplaced,
      template: { version: 2, file_name: 'replacement.docx' },
    });
    expect(replaced.json<TemplateSaved>().template.tags).toEqual([q.tag('law'), 'fresh_tag']);

    const toggled = await h().request('PUT', `/api/document-template/${template.id}/category/${q.categoryId}/`, {
      token: access,
      body: { active: false },
    });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json<TemplateSaved>().template.categories).toEqual([
      { id: q.categoryId, name: `Category ${q.prefix}`, active: false },
    ]);
    const unknownCategory = await h().request('PUT', `/api/document-template/${template.id}/category/999999/`, {
      token: access,
      body: { active: true },
    });
    expect(unknownCategory.statusCode).toBe(404);

    const download = await h().request('GET', `/api/document-template/${template.id}/file/`, { token: access });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('replacement.docx');
    expect(new PizZip(download.rawPayload).file('word/document.xml')?.asText()).toContain('fresh_tag');

    const removed = await h().request('DELETE', `/api/document-template/${template.id}/`, { token: access });
    expect(removed.json().detail).toBe(M.templateDeleted);
    expect((await h().request('GET', `/api/document-template/${template.id}/`, { token: access })).statusCode).toBe(
      404,
    );
  });

  it('lists with paging and search', async () => {
    const { access } = await h().login(DEMO.admin);
    const name = unique('Searchable');
    await createTemplate(h(), access, await buildPrecedent({ title: 'S', lines: ['{{ s_tag }}'] }), name);
    const res = await h().request('GET', '/api/document-template/', {
      token: access,
      query: { search_key: name, page_no: 1, limits: 10 },
    });
    const body = res.json<TemplateListResponse>();
    expect(body.data.map((t) => t.name)).toEqual([name]);
    expect(body.page).toEqual({ page_no: 1, limits: 10, total_count: 1, total_pages: 1 });
    const bad = await h().request('GET', '/api/document-template/', { token: access, query: { limits: 7 } });
    expect(bad.statusCode).toBe(400);
    const detail = await h().request('GET', `/api/document-template/${body.data[0]?.id}/`, { token: access });
    expect(detail.json<TemplateDetail>().name).toBe(name);
  });

  it("counts each listed template's categories as its detail does, switched-off ones included", async () => {
    const { access } = await h().login(DEMO.admin);
    const first = await createQuestionnaire(h(), access);
    const second = await createQuestionnaire(h(), access);
    const name = unique('Counted');
    const both = await createTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'Both', lines: [`{{ ${first.tag('client')} }} {{ ${second.tag('law')} }}`] }),
      `${name}_both`,
    );
    const one = await createTemplate(h(), access, await precedentFor(first.tag), `${name}_one`);
    const none = await createTemplate(
      h(),
      access,
      await buildPrecedent({ title: 'N', lines: ['{{ n_tag }}'] }),
      `${name}_none`,
    );
    const off = await h().request('PUT', `/api/document-template/${both.id}/category/${second.categoryId}/`, {
      token: access,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const list = await h().request('GET', '/api/document-template/', { token: access, query: { search_key: name } });
    const counts = new Map(list.json<TemplateListResponse>().data.map((t) => [t.id, t.category_count]));
    expect(counts).toEqual(
      new Map([
        [both.id, 2],
        [one.id, 1],
        [none.id, 0],
      ]),
    );
  });
});
