import { categoryList, organisationOptions, packageHistoryResponse, packageSaved } from '@lexdesk/contract';
import { apiRequest, apiUpload } from '../../api/client.ts';
import type { ListParams } from './api.ts';

export const exportTemplatePackage = (id: number) =>
  apiRequest(`template-export/template/${id}/`, { method: 'POST', schema: packageSaved });
export const exportQuestionnairePackage = (categoryIds: number[]) =>
  apiRequest('template-export/questionnaires/', {
    method: 'POST',
    body: { category_ids: categoryIds },
    schema: packageSaved,
  });
export function importPackage(organisationId: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('organisation_id', String(organisationId));
  form.set('file', file);
  return apiUpload('template-export/import/', form, onProgress, { schema: packageSaved });
}
export const fetchPackageHistory = (p: ListParams, signal?: AbortSignal) =>
  apiRequest('template-export/history/', {
    query: { page_no: p.pageNo, limits: p.limits },
    schema: packageHistoryResponse,
    ...(signal ? { signal } : {}),
  });
export const fetchOrganisationOptions = () => apiRequest('admin/organisations/', { schema: organisationOptions });
export const fetchCategories = () => apiRequest('category/', { schema: categoryList });
