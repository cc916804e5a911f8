import type { CategorySaved } from '@lexdesk/contract';
import { DEMO, multipartBody, type Harness } from '../../../test/harness.ts';

/** Demo Law LLP ids for the templates' route parameters (route-access.test.ts). */
export async function templateParams(h: Harness): Promise<Record<string, number>> {
  const { access } = await h.login(DEMO.admin);
  const res = await h.request('POST', '/api/category/', {
    token: access,
    body: { name: `Route access ${Date.now()}` },
  });
  return { category_id: res.json<CategorySaved>().category_id };
}

/** Requests that pass validation on the templates' routes, so only ownership can stop them. */
export function templateRequest(method: string, url: string): object | null {
  if (method === 'PUT' && url === '/api/document-template/:id/') return { body: { name: 'Intruder' } };
  if (method === 'PUT' && url === '/api/document-template/:id/assign/')
    return { body: { everyone: true, user_ids: [] } };
  if (method === 'PUT' && url === '/api/document-template/:id/category/:category_id/')
    return { body: { active: false } };
  if (method === 'POST' && url === '/api/document-template/:id/file/') {
    return multipartBody('file', 'intruder.docx', 'application/octet-stream', Buffer.from('PK intruder'));
  }
  if (method === 'PUT' && url === '/api/execute/draft/:id/') return { body: { data: [], round: 0 } };
  if (method === 'POST' && url === '/api/template-casetask/:id/') {
    return { body: { name: 'Intruder', case_id: [], file_path: '/api/execute/1/document/', is_download: true } };
  }
  return null;
}
