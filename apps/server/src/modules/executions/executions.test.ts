import {
  templateMessages as M,
  type ExecutionDetail,
  type ExecutionHistoryResponse,
  type ExecutionQuery,
  type ExecutionResult,
  type ExecutionUsersResponse,
  type UserExecutionHistoryResponse,
} from '@lexdesk/contract';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { casesService } from '../cases/cases.service.ts';
import { storageRoot } from '../../platform/storage/storage.service.ts';
import { documentsService } from '../documents/documents.service.ts';
import { createQuestionnaire, createTemplate, precedentFor, replaceBody } from '../templates/template-test-helpers.ts';
import { documentText, setUp } from './execution-test-setup.ts';

/** The files kept in one storage area, by key. */
async function storedFiles(h: Harness, area: string): Promise<string[]> {
  const entries = await readdir(path.join(storageRoot(h.ctx), area), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const textOf = documentText;

describeEachDatabase('template execution', (h) => {
  it('loads the template to execute, saves a draft, executes it and records the execution', async () => {
    const { q, template, answers } = await setUp(h());
    const user = await h().freshSession('user');
    const query = await h().request('GET', `/api/query/${template.id}/`, { token: user.token });
    expect(query.statusCode, query.body).toBe(200);
    const loaded = query.json<ExecutionQuery>();
    expect(loaded.category).toEqual([{ id: q.categoryId, name: `Category ${q.prefix}`, active: true }]);
    // The category's 'Unused question?' writes a tag the precedent never reads: the interview does not ask it.
    expect(loaded.result.map((r) => r.question_text)).toEqual([
      'Client name?',
      'Is there a guarantor?',
      'Governing law?',
    ]);
    expect(loaded.draft).toBeNull();

    const draft = await h().request('PUT', `/api/execute/draft/${template.id}/`, {
      token: user.token,
      body: { data: answers('Yes').slice(0, 2), round: 0 },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const reloaded = (
      await h().request('GET', `/api/query/${template.id}/`, { token: user.token })
    ).json<ExecutionQuery>();
    expect(reloaded.draft?.data).toEqual(answers('Yes').slice(0, 2));

    const executed = await h().request('POST', '/api/execute/', {
      token: user.token,
      body: { templateId: template.id, data: answers('Yes') },
    });
    expect(executed.statusCode, executed.body).toBe(201);
    const result = executed.json<ExecutionResult>();
    expect(result).toMatchObject({ template_id: template.id, version: 1, document_name: `${template.name}.docx` });
    expect(result.file_path).toBe(`/api/execute/${result.execution_id}/document/`);

    const file = await h().request('GET', result.file_path, { token: user.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('wordprocessingml');
    const text = textOf(file.rawPayload);
    expect(text).toContain('This agreement is made with Acme Ltd.');
    expect(text).toContain('The guarantor guarantees:');
    expect(text).toContain('The guarantor is Jane Doe.');
    expect(text).toContain('It is governed by the laws of England.');
    expect(text).toContain('Reference .');
    expect(new PizZip(file.rawPayload).file('word/document.xml')?.asText()).toContain('<w:numPr>');

    expect(
      (await h().request('GET', `/api/query/${template.id}/`, { token: user.token })).json<ExecutionQuery>().draft,
    ).toBeNull();
    const detail = await h().request('GET', `/api/execute/${result.execution_id}/`, { token: user.token });
    expect(detail.json<ExecutionDetail>()).toMatchObject({
      execution_id: result.execution_id,
      template_id: template.id,
      version: 1,
    });
    expect(detail.json<ExecutionDetail>().data).toHaveLength(4);
  });

  it('fills the current version on every execution, and a replaced document from then on', async () => {
    const { template, answers, admin, q } = await setUp(h());
    const execute = async (guarantee: 'Yes' | 'No') => {
      const res = await h().request('POST', '/api/execute/', {
        token: admin.access,
        body: { templateId: template.id, data: answers(guarantee) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const result = res.json<ExecutionResult>();
      const file = await h().request('GET', result.file_path, { token: admin.access });
      return { version: result.version, text: textOf(file.rawPayload) };
    };
    const first = await execute('Yes');
    const second = await execute('No');
    expect([first.version, second.version]).toEqual([1, 1]);
    expect(first.text).toContain('The guarantor guarantees:');
    expect(second.text).toContain('No guarantee is given.');
    expect(second.text).not.toContain('guarantees:');
    for (const text of [first.text, second.text]) {
      expect(text).toContain('This agreement is made with Acme Ltd.');
      expect(text).toContain('It is governed by the laws of England.');
    }

    const replaced = await h().request('POST', `/api/document-template/${template.id}/file/`, {
      token: admin.access,
      ...replaceBody(await precedentFor(q.tag, ['A clause added in version two.'])),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const third = await execute('Yes');
    expect(third.version).toBe(2);
    expect(third.text).toContain('A clause added in version two.');
    expect(third.text).toContain('The guarantor guarantees:');
    expect(first.text).not.toContain('version two');
  });

  it('ignores the answers of child questions whose branch the parent answer closed', async () => {
    const { template, answers, admin } = await setUp(h());
    const executed = await h().request('POST', '/api/execute/', {
      token: admin.access,
      body: { templateId: template.id, data: answers('No') },
    });
    const result = executed.json<ExecutionResult>();
    const text = textOf((await h().request('GET', result.file_path, { token: admin.access })).rawPayload);
    expect(text).toContain('No guarantee is given.');
    expect(text).not.toContain('Jane');
    const detail = (
      await h().request('GET', `/api/execute/${result.execution_id}/`, { token: admin.access })
    ).json<ExecutionDetail>();
    expect(detail.data).toHaveLength(3);
  });

  it('answers each validation message of execute and the Q&A export', async () => {
    const { template, answers, admin, q } = await setUp(h());
    const post = (url: string, body: unknown) => h().request('POST', url, { token: admin.access, body });
    for (const url of ['/api/execute/', '/api/template/export/questionnaire/']) {
      const none = await post(url, { templateId: template.id, data: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().detail).toBe(M.answerOne);
      const blank = await post(url, {
        templateId: template.id,
        data: [{ question_id: q.byText('Client name?').question_id, short: '  ' }],
      });
      expect(blank.json().detail).toBe(M.answerOne);
      const unknown = await post(url, { templateId: template.id, data: [{ question_id: 99999999, short: 'x' }] });
      expect(unknown.json().detail).toBe(M.unknownQuestion);
      const option = await post(url, {
        templateId: template.id,
        data: [{ question_id: q.byText('Governing law?').question_id, options: [99999999] }],
      });
      expect(option.json().detail).toBe(M.unknownOption);
      const invalid = await post(url, { templateId: template.id, data: [{ question_id: 1, selected: 'Maybe' }] });
      expect(invalid.statusCode).toBe(400);
    }
    const missing = await post('/api/execute/', { templateId: 99999999, data: answers('Yes') });
    expect(missing.statusCode).toBe(404);
  });

  it('exports the questions and answers as .docx and .xlsx', async () => {
    const { template, answers, admin } = await setUp(h());
    const docx = await h().request('POST', '/api/template/export/questionnaire/', {
      token: admin.access,
      body: { templateId: template.id, data: answers('Yes'), format: 'docx' },
    });
    expect(docx.statusCode, docx.body).toBe(200);
    const text = textOf(docx.rawPayload);
    expect(text).toContain('Is there a guarantor?');
    expect(text).toContain('Guarantor name?');
    expect(text).toContain('Jane Doe');
    const xlsx = await h().request('POST', '/api/template/export/questionnaire/', {
      token: admin.access,
      body: { templateId: template.id, data: answers('No'), format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows =
      workbook.worksheets[0]
        ?.getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(2, 4)) ?? [];
    expect(rows).toEqual([
      ['Client name?', 'Acme Ltd'],
      ['Is there a guarantor?', 'No'],
      ['Governing law?', 'England'],
    ]);
  });

  it('names the document for download, or adds it to each chosen case, with every message', async () => {
    const { template, answers, admin } = await setUp(h());
    const result = (
      await h().request('POST', '/api/execute/', {
        token: admin.access,
        body: { templateId: template.id, data: answers('Yes') },
      })
    ).json<ExecutionResult>();
    const task = (body: unknown, token = admin.access) =>
      h().request('POST', `/api/template-casetask/${template.id}/`, { token, body });

    const download = await task({ name: 'My letter', case_id: [], file_path: result.file_path, is_download: true });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json()).toEqual({
      detail: M.downloaded,
      file_path: result.file_path,
      document_name: 'My letter.docx',
    });
    const file = await h().request('GET', result.file_path, { token: admin.access });
    expect(file.headers['content-disposition']).toContain('My letter.docx');

    const empty = await task({ name: '  ', case_id: [], file_path: result.file_path, is_download: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(M.documentNameEmpty);
    const noCase = await task({ name: 'Doc', case_id: [], file_path: result.file_path, is_download: false });
    expect(noCase.json().detail).toBe(M.selectCase);
    const badPath = await task({ name: 'Doc', case_id: [], file_path: '/etc/passwd', is_download: true });
    expect(badPath.statusCode).toBe(400);

    const actor = await h().actorOf(admin.access);
    const cases = casesService(h().ctx);
    const first = await cases.create(actor, {
      title: 'Case One',
      client: '',
      description: '',
      status: 'open',
      parties: [],
      assigned_user_ids: [],
    });
    const second = await cases.create(actor, {
      title: 'Case Two',
      client: '',
      description: '',
      status: 'open',
      parties: [],
      assigned_user_ids: [],
    });
    const picker = await h().request('GET', '/api/concept/case-search/', {
      token: admin.access,
      query: { page_no: 1, limits: 100, search_from: 'template', search: 'Case T' },
    });
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.json().data.map((c: { name: string }) => c.name)).toContain('Case Two');

    const assigned = await task({
      name: 'Signed deed',
      case_id: [first.id, second.id],
      file_path: result.file_path,
      is_download: false,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().detail).toBe(M.assignedToCase);
    for (const c of [first, second]) {
      const docs = await documentsService(h().ctx).list(actor, c.id, { page_no: 1, limits: 10 });
      expect(docs.data.map((d) => d.name)).toEqual(['Signed deed.docx']);
    }

    // One chosen case is gone: the others get nothing, and no stored file is left behind.
    const filesBefore = await storedFiles(h(), 'documents');
    const gone = await task({
      name: 'Half assigned',
      case_id: [first.id, second.id, 999_999],
      file_path: result.file_path,
      is_download: false,
    });
    expect(gone.statusCode).toBe(404);
    for (const c of [first, second]) {
      const docs = await documentsService(h().ctx).list(actor, c.id, { page_no: 1, limits: 10 });
      expect(docs.data.map((d) => d.name)).toEqual(['Signed deed.docx']);
    }
    expect(await storedFiles(h(), 'documents')).toEqual(filesBefore);

    const other = await h().login(DEMO.otherAdmin);
    const foreignCase = await task(
      { name: 'X', case_id: [first.id], file_path: result.file_path, is_download: false },
      other.access,
    );
    expect(foreignCase.statusCode).toBe(404);
  });

  it('refuses Assign To Case without the Case module', async () => {
    const { template, answers } = await setUp(h());
    const noCases = await h().createUser({
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
    const { access } = await h().login(noCases.email, noCases.password);
    const result = (
      await h().request('POST', '/api/execute/', {
        token: access,
        body: { templateId: template.id, data: answers('No') },
      })
    ).json<ExecutionResult>();
    const res = await h().request('POST', `/api/template-casetask/${template.id}/`, {
      token: access,
      body: { name: 'Doc', case_id: [1], file_path: result.file_path, is_download: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(M.caseModuleOff);
    expect((await h().request('GET', '/api/concept/case/', { token: access })).statusCode).toBe(403);
  });

  it('keeps history per role: users see and delete their own, staff everyone’s; another organisation gets 404', async () => {
    const { template, answers, admin } = await setUp(h());
    const user = await h().freshSession('user');
    const colleague = await h().freshSession('user');
    const run = async (token: string) =>
      (
        await h().request('POST', '/api/execute/', { token, body: { templateId: template.id, data: answers('No') } })
      ).json<ExecutionResult>();
    const mine = await run(user.token);
    const theirs = await run(colleague.token);
    const historyOf = async (token: string) =>
      (
        await h().request('GET', `/api/document-template/${template.id}/history/`, { token })
      ).json<ExecutionHistoryResponse>();
    expect((await historyOf(user.token)).data.map((r) => r.id)).toEqual([mine.execution_id]);
    expect((await historyOf(admin.access)).data.map((r) => r.id)).toEqual([theirs.execution_id, mine.execution_id]);
    expect((await h().request('GET', theirs.file_path, { token: user.token })).statusCode).toBe(404);
    expect(
      (await h().request('DELETE', `/api/execute/${theirs.execution_id}/`, { token: user.token })).statusCode,
    ).toBe(404);

    const users = await h().request('GET', '/api/document-template/history/users/', {
      token: admin.access,
      query: { limits: 200 },
    });
    expect(users.statusCode).toBe(200);
    expect(users.json<ExecutionUsersResponse>().data.find((r) => r.user_id === user.id)?.executions).toBe(1);
    expect((await h().request('GET', '/api/document-template/history/users/', { token: user.token })).statusCode).toBe(
      403,
    );
    const ofUser = await h().request('GET', `/api/document-template/history/user/${user.id}/`, { token: admin.access });
    expect(ofUser.json<UserExecutionHistoryResponse>().data.map((r) => r.id)).toEqual([mine.execution_id]);
    // Whose executions they are, for the page heading (freshSession users are 'Test Person').
    expect(ofUser.json<UserExecutionHistoryResponse>().user).toEqual({
      user_id: user.id,
      name: 'Test Person',
      email: user.email,
    });
    const own = await h().request('GET', `/api/document-template/history/user/${user.id}/`, { token: user.token });
    expect(own.json<UserExecutionHistoryResponse>().user.user_id).toBe(user.id);
    expect(
      (await h().request('GET', `/api/document-template/history/user/${colleague.id}/`, { token: user.token }))
        .statusCode,
    ).toBe(404);

    const other = await h().login(DEMO.otherAdmin);
    for (const [method, url] of [
      ['GET', `/api/execute/${mine.execution_id}/`],
      ['GET', mine.file_path],
      ['DELETE', `/api/execute/${mine.execution_id}/`],
      ['GET', `/api/query/${template.id}/`],
      ['GET', `/api/document-template/${template.id}/history/`],
      ['GET', `/api/document-template/history/user/${user.id}/`],
    ] as const) {
      expect((await h().request(method, url, { token: other.access })).statusCode, url).toBe(404);
    }
    const deleted = await h().request('DELETE', `/api/execute/${mine.execution_id}/`, { token: user.token });
    expect(deleted.json().detail).toBe(M.historyDeleted);
    expect((await h().request('GET', mine.file_path, { token: user.token })).statusCode).toBe(404);
    const staffDelete = await h().request('DELETE', `/api/execute/${theirs.execution_id}/`, { token: admin.access });
    expect(staffDelete.statusCode).toBe(200);
  });

  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/query/1/'],
      ['PUT', '/api/execute/draft/1/'],
      ['DELETE', '/api/execute/draft/1/'],
      ['POST', '/api/execute/'],
      ['GET', '/api/execute/1/'],
      ['GET', '/api/execute/1/document/'],
      ['DELETE', '/api/execute/1/'],
      ['GET', '/api/document-template/1/history/'],
      ['GET', '/api/document-template/history/users/'],
      ['GET', '/api/document-template/history/user/1/'],
      ['POST', '/api/template/export/questionnaire/'],
      ['POST', '/api/template-casetask/1/'],
      ['GET', '/api/concept/case/'],
      ['GET', '/api/concept/case-search/'],
    ] as const) {
      expect((await h().request(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('does not let a user run a template not assigned to them', async () => {
    const admin = await h().login(DEMO.admin);
    const q = await createQuestionnaire(h(), admin.access);
    const template = await createTemplate(h(), admin.access, await precedentFor(q.tag));
    const user = await h().freshSession('user');
    expect((await h().request('GET', `/api/query/${template.id}/`, { token: user.token })).statusCode).toBe(404);
    const data = [{ question_id: q.byText('Client name?').question_id, short: 'x' }];
    expect(
      (await h().request('POST', '/api/execute/', { token: user.token, body: { templateId: template.id, data } }))
        .statusCode,
    ).toBe(404);
    const draft = await h().request('PUT', `/api/execute/draft/${template.id}/`, {
      token: user.token,
      body: { data, round: 0 },
    });
    expect(draft.statusCode).toBe(404);
    const history = await h().request('GET', `/api/document-template/${template.id}/history/`, { token: user.token });
    expect(history.statusCode).toBe(404);
  });
});
