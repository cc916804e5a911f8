import {
  knowledgeMessages as M,
  type KnowledgeAttachmentAdded,
  type KnowledgeNode,
  type KnowledgeNodeSaved,
  type KnowledgeRevisionDetail,
  type KnowledgeRevisionList,
  type KnowledgeSearchResult,
  type KnowledgeTree,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, multipartBody } from '../../../test/harness.ts';
import { indexNow } from '../cases/case-test-helpers.ts';
import { buildDocx } from '../documents/index.ts';
import { DEMO_KNOWLEDGE_DOMAIN } from './knowledge.seed.ts';
import { createNode, knowledgeSignIn, nodeIdByTitle, seedKnowledge, setKnowledge } from './knowledge-test-helpers.ts';

describeEachDatabase('knowledge nodes, revisions, attachments and search', (h) => {
  let admin: string; // manager with the flag
  let reader: string; // the demo user: reader without the flag
  let domainId: number;
  beforeAll(async () => {
    await seedKnowledge(h());
    admin = (await knowledgeSignIn(h(), DEMO.admin)).token;
    reader = (await knowledgeSignIn(h(), DEMO.user)).token;
    domainId = await nodeIdByTitle(h(), DEMO_KNOWLEDGE_DOMAIN);
  });
  const get = (token: string, url: string) => h().request('GET', url, { token });

  /** A contributor of Demo Law LLP, signed in to Knowledge. */
  const contributor = async () => {
    const person = await h().createUser({ role: 'user', firstName: 'Cora', lastName: 'Contributor' });
    await setKnowledge(h(), person.id, 'contributor', false);
    return (await knowledgeSignIn(h(), person.email, person.password)).token;
  };

  it('shows the demo tree and an article with its breadcrumb, keywords and links', async () => {
    const tree = (await get(admin, '/api/knowledge/tree/')).json<KnowledgeTree>().data;
    const titles = tree.map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([DEMO_KNOWLEDGE_DOMAIN, 'Confidentiality', 'Negotiation notes', 'Settlement playbook']),
    );
    expect(tree.find((n) => n.title === 'Negotiation notes')).toMatchObject({ kind: 'class', restricted: true });
    const id = await nodeIdByTitle(h(), 'Termination for convenience');
    const res = await get(reader, `/api/knowledge/nodes/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const node = res.json<KnowledgeNode>();
    expect(node.breadcrumb.map((c) => c.title)).toEqual([DEMO_KNOWLEDGE_DOMAIN, 'Termination', node.title]);
    expect(node.keywords).toContain('terminate');
    expect(node.links_out.map((l) => l.title)).toEqual(['Liability caps']);
    const caps = (await get(reader, `/api/knowledge/nodes/${node.links_out[0]?.id}/`)).json<KnowledgeNode>();
    expect(caps.linked_from.map((l) => l.title)).toEqual(['Termination for convenience']);
    expect(caps.updated_by).toBe('Ada Admin');
  });

  it('lets each knowledge role do what it may: readers read, contributors write articles, managers structure', async () => {
    const cora = await contributor();
    const classId = await nodeIdByTitle(h(), 'Governing law');
    const newClass = { parent_id: domainId, kind: 'class', title: 'Boilerplate' };
    const newArticle = { parent_id: classId, kind: 'instance', title: 'Notices', body: '<p>Write to the address.</p>' };
    for (const body of [newClass, newArticle]) {
      const res = await h().request('POST', '/api/knowledge/nodes/', { token: reader, body });
      expect(res.statusCode).toBe(403);
    }
    expect((await h().request('POST', '/api/knowledge/nodes/', { token: cora, body: newClass })).statusCode).toBe(403);
    const created = await h().request('POST', '/api/knowledge/nodes/', { token: cora, body: newArticle });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<KnowledgeNodeSaved>()).toMatchObject({
      detail: M.created('Article'),
      node: { title: 'Notices', revision: 1, created_by: 'Cora Contributor', body: '<p>Write to the address.</p>' },
    });
    const cls = await createNode(h(), admin, { parent_id: domainId, kind: 'class', title: 'Boilerplate' });
    expect(cls.kind).toBe('class');
    // Readers can not change or delete; a domain with something in it is not deleted.
    const articleId = created.json<KnowledgeNodeSaved>().node.id;
    const put = await h().request('PUT', `/api/knowledge/nodes/${articleId}/`, {
      token: reader,
      body: { title: 'Mine', revision: 1 },
    });
    expect(put.statusCode).toBe(403);
    expect((await h().request('DELETE', `/api/knowledge/nodes/${articleId}/`, { token: reader })).statusCode).toBe(403);
    const notEmpty = await h().request('DELETE', `/api/knowledge/nodes/${domainId}/`, { token: admin });
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().detail).toBe(M.notEmpty);
    const deleted = await h().request('DELETE', `/api/knowledge/nodes/${cls.id}/`, { token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(admin, `/api/knowledge/nodes/${cls.id}/`)).statusCode).toBe(404);
  });

  it('answers the validation messages of a node', async () => {
    const classId = await nodeIdByTitle(h(), 'Confidentiality');
    const cases: [object, string][] = [
      [{ parent_id: classId, kind: 'instance', title: '  ' }, M.titleRequired],
      [{ parent_id: classId, kind: 'instance', title: 'x'.repeat(201) }, M.titleTooLong],
      [{ parent_id: null, kind: 'class', title: 'Orphan' }, M.parentRequired],
      [{ parent_id: domainId, kind: 'instance', title: 'In a domain' }, M.wrongParent],
      [{ parent_id: domainId, kind: 'class', title: 'With text', body: '<p>no</p>' }, M.bodyOnlyForArticles],
      [{ parent_id: classId, kind: 'instance', title: 'Many', keywords: Array(31).fill('k') }, M.tooManyKeywords],
    ];
    for (const [body, detail] of cases) {
      const res = await h().request('POST', '/api/knowledge/nodes/', { token: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(detail);
    }
    const unknown = await h().request('POST', '/api/knowledge/nodes/', {
      token: admin,
      body: { parent_id: 999_999, kind: 'class', title: 'Nowhere' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('saves revisions, answers 409 to a stale save, and restores an old revision as a new one', async () => {
    const classId = await nodeIdByTitle(h(), 'Confidentiality');
    const article = await createNode(h(), admin, {
      parent_id: classId,
      kind: 'instance',
      title: 'Mutual NDAs',
      body: '<p>First words.</p><script>alert(1)</script>',
      keywords: ['nda'],
    });
    expect(article.body).toBe('<p>First words.</p>');
    const save = (revision: number, body: string) =>
      h().request('PUT', `/api/knowledge/nodes/${article.id}/`, {
        token: admin,
        body: { title: 'Mutual NDAs', body, keywords: ['nda', 'mutual'], revision },
      });
    const second = await save(1, '<p>Second words.</p>');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<KnowledgeNodeSaved>()).toMatchObject({ detail: M.articleSaved, node: { revision: 2 } });
    const stale = await save(1, '<p>Someone else.</p>');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(M.editConflict);
    const list = (await get(reader, `/api/knowledge/nodes/${article.id}/revisions/`)).json<KnowledgeRevisionList>();
    expect(list.data.map((r) => [r.revision, r.author])).toEqual([
      [2, 'Ada Admin'],
      [1, 'Ada Admin'],
    ]);
    const first = (
      await get(reader, `/api/knowledge/nodes/${article.id}/revisions/1/`)
    ).json<KnowledgeRevisionDetail>();
    expect(first).toMatchObject({ revision: 1, body: '<p>First words.</p>', keywords: ['nda'] });
    expect((await get(reader, `/api/knowledge/nodes/${article.id}/revisions/9/`)).statusCode).toBe(404);
    const restoreByReader = await h().request('POST', `/api/knowledge/nodes/${article.id}/revisions/1/restore/`, {
      token: reader,
    });
    expect(restoreByReader.statusCode).toBe(403);
    const restored = await h().request('POST', `/api/knowledge/nodes/${article.id}/revisions/1/restore/`, {
      token: admin,
    });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<KnowledgeNodeSaved>()).toMatchObject({
      detail: M.revisionRestored(1),
      node: { revision: 3, body: '<p>First words.</p>', keywords: ['nda'] },
    });
    // The search index follows the saves.
    const found = (
      await h().request('GET', '/api/knowledge/search/', { token: reader, query: { q: 'first words' } })
    ).json<KnowledgeSearchResult>();
    expect(found.data.map((hit) => hit.title)).toEqual(['Mutual NDAs']);
    const gone = (
      await h().request('GET', '/api/knowledge/search/', { token: reader, query: { q: 'second' } })
    ).json<KnowledgeSearchResult>();
    expect(gone.data.filter((hit) => hit.node_id === article.id)).toEqual([]);
  });

  it('indexes an attachment off the request and finds it by search; downloads and deletes it', async () => {
    const classId = await nodeIdByTitle(h(), 'Termination');
    const article = await createNode(h(), admin, { parent_id: classId, kind: 'instance', title: 'Notice periods' });
    const docx = await buildDocx('Notice', ['Thirty days notice is the quokkaline standard.']);
    const { payload, headers } = multipartBody('file', 'Notice.docx', 'application/octet-stream', docx);
    const res = await h().request('POST', `/api/knowledge/nodes/${article.id}/attachments/`, {
      token: admin,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<KnowledgeAttachmentAdded>();
    expect(added).toMatchObject({ detail: M.attachmentAdded, attachment: { uploaded_by: 'Ada Admin' } });
    // Indexing runs off the request: on a busy machine the job worker may finish it before the answer is read.
    expect(['pending', 'indexed']).toContain(added.attachment.state);
    await indexNow(h());
    const search = (
      await h().request('GET', '/api/knowledge/search/', { token: reader, query: { q: 'quokkaline' } })
    ).json<KnowledgeSearchResult>();
    expect(search.data).toEqual([
      expect.objectContaining({
        node_id: article.id,
        source: 'attachment',
        file_name: 'Notice.docx',
        keyword: 'quokkaline',
        breadcrumb: [
          expect.objectContaining({ title: DEMO_KNOWLEDGE_DOMAIN }),
          expect.objectContaining({ title: 'Termination' }),
          expect.objectContaining({ title: 'Notice periods' }),
        ],
      }),
    ]);
    expect(search.data[0]?.left).toContain('is the');
    const file = await get(reader, `/api/knowledge/attachments/${added.attachment.id}/download/`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(docx)).toBe(true);
    const wrong = multipartBody('file', 'script.exe', 'application/octet-stream', Buffer.from('MZ'));
    const refused = await h().request('POST', `/api/knowledge/nodes/${article.id}/attachments/`, {
      token: admin,
      ...wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(M.attachmentType);
    const byReader = await h().request('DELETE', `/api/knowledge/attachments/${added.attachment.id}/`, {
      token: reader,
    });
    expect(byReader.statusCode).toBe(403);
    const removed = await h().request('DELETE', `/api/knowledge/attachments/${added.attachment.id}/`, {
      token: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (
      await h().request('GET', '/api/knowledge/search/', { token: reader, query: { q: 'quokkaline' } })
    ).json<KnowledgeSearchResult>();
    expect(after.data).toEqual([]);
    const empty = await h().request('GET', '/api/knowledge/search/', { token: reader, query: { q: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(M.searchKeyRequired);
  });

  it('exports a node and what is visible below it as one .html file', async () => {
    const forAdmin = await get(admin, `/api/knowledge/nodes/${domainId}/export/`);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.headers['content-type']).toContain('text/html');
    expect(forAdmin.headers['content-disposition']).toContain('Contract clauses.html');
    expect(forAdmin.body).toContain('Settlement playbook');
    expect(forAdmin.body).toContain('Liability caps');
    const forReader = await get(reader, `/api/knowledge/nodes/${domainId}/export/`);
    expect(forReader.body).toContain('Liability caps');
    expect(forReader.body).not.toContain('Settlement playbook');
    expect(forReader.body).not.toContain('<script');
  });

  it("answers another organisation's nodes, revisions and attachments like missing ones (404)", async () => {
    await setKnowledge(h(), h().ids.otherAdmin, 'manager', true);
    const other = (await knowledgeSignIn(h(), DEMO.otherAdmin)).token;
    const id = await nodeIdByTitle(h(), 'Liability caps');
    for (const url of [
      `/api/knowledge/nodes/${id}/`,
      `/api/knowledge/nodes/${id}/revisions/`,
      `/api/knowledge/nodes/${id}/revisions/1/`,
      `/api/knowledge/nodes/${id}/export/`,
    ]) {
      const res = await get(other, url);
      expect(res.statusCode, url).toBe(404);
    }
    for (const [method, url, body] of [
      ['PUT', `/api/knowledge/nodes/${id}/`, { title: 'Mine', revision: 1 }],
      ['DELETE', `/api/knowledge/nodes/${id}/`, undefined],
      ['POST', `/api/knowledge/nodes/${id}/revisions/1/restore/`, undefined],
      ['POST', '/api/knowledge/nodes/', { parent_id: id, kind: 'instance', title: 'In theirs' }],
    ] as const) {
      const res = await h().request(method, url, { token: other, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const tree = (await get(other, '/api/knowledge/tree/')).json<KnowledgeTree>();
    expect(tree.data).toEqual([]);
    const search = (
      await h().request('GET', '/api/knowledge/search/', { token: other, query: { q: 'liability' } })
    ).json<KnowledgeSearchResult>();
    expect(search.data).toEqual([]);
  });

  it('moves nodes (managers only), never under themselves, and counts a move as a revision', async () => {
    const from = await nodeIdByTitle(h(), 'Governing law');
    const to = await nodeIdByTitle(h(), 'Termination');
    const article = await createNode(h(), admin, { parent_id: from, kind: 'instance', title: 'Seat of arbitration' });
    const cora = await contributor();
    const move = (token: string, id: number, body: object) =>
      h().request('PUT', `/api/knowledge/nodes/${id}/`, { token, body });
    expect((await move(cora, article.id, { title: article.title, revision: 1, parent_id: to })).statusCode).toBe(403);
    const moved = await move(admin, article.id, { title: article.title, revision: 1, parent_id: to });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<KnowledgeNodeSaved>().node.breadcrumb.map((c) => c.title)).toEqual([
      DEMO_KNOWLEDGE_DOMAIN,
      'Termination',
      'Seat of arbitration',
    ]);
    expect(moved.json<KnowledgeNodeSaved>().node.revision).toBe(2);
    const sub = await createNode(h(), admin, { parent_id: to, kind: 'class', title: 'Notice' });
    const loop = await move(admin, to, { title: 'Termination', revision: 1, parent_id: sub.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().detail).toBe(M.wrongParent);
    const intoArticle = await move(admin, sub.id, { title: 'Notice', revision: 1, parent_id: article.id });
    expect(intoArticle.statusCode).toBe(400);
  });
});
