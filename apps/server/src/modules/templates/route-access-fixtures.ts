import type { DocumentTypeSaved, ExecutionResult, PackageSaved } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, multipartBody, type Harness } from '../../../test/harness.ts';
import { setUp } from '../executions/execution-test-setup.ts';

/**
 * Demo Law LLP ids for the precedents' route parameters (route-access.test.ts): a category with a
 * questionnaire, a document type, a template everyone may run, a generated document and an exported package.
 */
export async function templateParams(h: Harness): Promise<Record<string, number>> {
  const { access } = await h.login(DEMO.admin);
  const { q, template, answers } = await setUp(h, { access });
  const executed = await h.request('POST', '/api/execute/', {
    token: access,
    body: { templateId: template.id, data: answers('No') },
  });
  const documentType = await h.request('POST', '/api/concept/document-type/', {
    token: access,
    body: { type_name: `Route access ${Date.now()}`, description: '' },
  });
  const superUser = await h.login(DEMO.super);
  const exported = await h.request('POST', `/api/template-export/template/${template.id}/`, {
    token: superUser.access,
  });
  for (const res of [executed, documentType, exported]) expect(res.statusCode, res.body).toBe(201);
  return {
    category_id: q.categoryId,
    questionnaire_id: q.questionnaireId,
    document_type_id: documentType.json<DocumentTypeSaved>().data.id,
    template_id: template.id,
    execution_id: executed.json<ExecutionResult>().execution_id,
    package_id: exported.json<PackageSaved>().id,
  };
}

/** Requests that pass validation on the templates' routes, so only ownership can stop them. */
export function templateRequest(method: string, url: string): object | null {
  if (method === 'PUT' && url === '/api/document-template/:template_id/') return { body: { name: 'Intruder' } };
  if (method === 'PUT' && url === '/api/document-template/:template_id/assign/')
    return { body: { everyone: true, user_ids: [] } };
  if (method === 'PUT' && url === '/api/document-template/:template_id/category/:category_id/')
    return { body: { active: false } };
  if (method === 'POST' && url === '/api/document-template/:template_id/file/') {
    return multipartBody('file', 'intruder.docx', 'application/octet-stream', Buffer.from('PK intruder'));
  }
  if (method === 'PUT' && url === '/api/execute/draft/:template_id/') return { body: { data: [], round: 0 } };
  if (method === 'POST' && url === '/api/template-casetask/:template_id/') {
    return { body: { name: 'Intruder', case_id: [], file_path: '/api/execute/1/document/', is_download: true } };
  }
  return null;
}
