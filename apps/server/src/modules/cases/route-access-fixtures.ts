import { DEMO, multipartBody, type Harness } from '../../../test/harness.ts';
import { addCaseDocument } from '../documents/index.ts';
import { buildText } from '../documents/sample-files.ts';
import { caseSavedSearchesService } from './case-saved-searches.service.ts';
import { casesService } from './cases.service.ts';
import { NEVER_ABORTED, userWork } from '../../platform/queues/fair-queue.ts';

/** Demo Law LLP ids for the cases' and documents' route parameters (platform/access/route-access.test.ts). */
export async function caseParams(h: Harness): Promise<Record<string, number>> {
  const admin = await h.actorOf((await h.login(DEMO.admin)).access);
  const theCase = await casesService(h.ctx).create(admin, {
    title: `Route access documents ${Date.now()}`,
    client: '',
    description: '',
    status: 'open',
    parties: [],
    assigned_user_ids: [],
  });
  const document = await addCaseDocument(h.ctx, admin, {
    caseId: theCase.id,
    name: 'route-access.txt',
    data: buildText('Route access', ['Demo Law LLP only.']),
    who: userWork(admin, NEVER_ABORTED),
  });
  const search = await caseSavedSearchesService(h.ctx).save(admin, theCase.id, { terms: 'route access', name: '' });
  return { document_id: document.id, saved_search_id: search.id };
}

/** Requests that pass validation on the cases' routes, so only ownership can stop them. */
export function caseRequest(method: string, url: string): object | null {
  if (method === 'PUT' && url === '/api/case/:case_id/') return { body: { title: 'Intruder', status: 'open' } };
  if (method === 'POST' && url === '/api/case/:case_id/saved-searches/') return { body: { terms: 'intruder' } };
  if (method === 'POST' && url === '/api/case/:case_id/documents/') {
    return multipartBody('file', 'intruder.txt', 'text/plain', buildText('Intruder', ['x']));
  }
  return null;
}
