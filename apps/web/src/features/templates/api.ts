import {
  assignmentResponse,
  casePickerResponse,
  caseTaskResponse,
  detailResponse,
  draftDiscarded,
  draftSaved,
  executionDetail,
  executionHistoryResponse,
  executionQuery,
  executed,
  executionUsersResponse,
  templateDetail,
  templateListResponse,
  templateSaved,
  userExecutionHistoryResponse,
  type Answer,
  type AssignmentBody,
  type CaseTaskBody,
  type TemplateFields,
} from '@lexdesk/contract';
import { apiRequest, apiUpload } from '../../api/client.ts';

export interface ListParams {
  pageNo: number;
  limits: number;
  search?: string;
}

const pageQuery = (p: ListParams) => ({ page_no: p.pageNo, limits: p.limits, search_key: p.search || undefined });

export const fetchTemplates = (p: ListParams, signal?: AbortSignal) =>
  apiRequest('document-template/', {
    query: pageQuery(p),
    schema: templateListResponse,
    ...(signal ? { signal } : {}),
  });
export const fetchTemplate = (id: number) => apiRequest(`document-template/${id}/`, { schema: templateDetail });

export function uploadTemplate(fields: TemplateFields, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('description', fields.description);
  form.set('file', file);
  return apiUpload('document-template/', form, onProgress, { schema: templateSaved });
}

export function replaceTemplateFile(id: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('file', file);
  return apiUpload(`document-template/${id}/file/`, form, onProgress, { schema: templateSaved });
}

export const updateTemplate = (id: number, fields: TemplateFields) =>
  apiRequest(`document-template/${id}/`, { method: 'PUT', body: fields, schema: templateSaved });
export const deleteTemplate = (id: number) =>
  apiRequest(`document-template/${id}/`, { method: 'DELETE', schema: detailResponse });
export const setCategoryActive = (id: number, categoryId: number, active: boolean) =>
  apiRequest(`document-template/${id}/category/${categoryId}/`, {
    method: 'PUT',
    body: { active },
    schema: templateSaved,
  });
export const fetchAssignment = (id: number) =>
  apiRequest(`document-template/${id}/assign/`, { schema: assignmentResponse });
export const saveAssignment = (id: number, body: AssignmentBody) =>
  apiRequest(`document-template/${id}/assign/`, { method: 'PUT', body, schema: detailResponse });

export const fetchExecutionQuery = (id: number) => apiRequest(`query/${id}/`, { schema: executionQuery });
export const saveDraft = (id: number, data: Answer[], round: number) =>
  apiRequest(`execute/draft/${id}/`, { method: 'PUT', body: { data, round }, schema: draftSaved });
export const discardDraft = (id: number) =>
  apiRequest(`execute/draft/${id}/`, { method: 'DELETE', schema: draftDiscarded });
export const executeTemplate = (templateId: number, data: Answer[]) =>
  apiRequest('execute/', { method: 'POST', body: { templateId, data }, schema: executed });
export const fetchExecution = (id: number) => apiRequest(`execute/${id}/`, { schema: executionDetail });
export const deleteExecution = (id: number) =>
  apiRequest(`execute/${id}/`, { method: 'DELETE', schema: detailResponse });
export const caseTask = (templateId: number, body: CaseTaskBody) =>
  apiRequest(`template-casetask/${templateId}/`, { method: 'POST', body, schema: caseTaskResponse });
export const fetchCasePicker = (search: string) =>
  apiRequest(search ? 'concept/case-search/' : 'concept/case/', {
    query: { page_no: 1, limits: 100, search_from: 'template', search: search || undefined },
    schema: casePickerResponse,
  });

export const fetchTemplateHistory = (id: number, p: ListParams, signal?: AbortSignal) =>
  apiRequest(`document-template/${id}/history/`, {
    query: pageQuery(p),
    schema: executionHistoryResponse,
    ...(signal ? { signal } : {}),
  });
export const fetchUserHistory = (userId: number, p: ListParams, signal?: AbortSignal) =>
  apiRequest(`document-template/history/user/${userId}/`, {
    query: pageQuery(p),
    schema: userExecutionHistoryResponse,
    ...(signal ? { signal } : {}),
  });
export const fetchHistoryUsers = (p: ListParams, signal?: AbortSignal) =>
  apiRequest('document-template/history/users/', {
    query: { page_no: p.pageNo, limits: p.limits },
    schema: executionUsersResponse,
    ...(signal ? { signal } : {}),
  });

/** The path of a document file (`/api/…` as the server names it) for the shared download helper. */
export const apiPath = (filePath: string) => filePath.replace(/^\/api\//, '');
/** The PDF of a generated document sits under its .docx's path: GET execute/{id}/document/pdf/. */
export const documentPdfPath = (filePath: string) => `${filePath.replace(/\/?$/, '/')}pdf/`;

export const executePath = (templateId: number) => `/document-template/user-execute/${templateId}`;
export const previewPath = (executionId: number, templateId: number) =>
  `/document-template/user-execute/${executionId}/${templateId}`;
export const templatePath = (id: number) => `/document-template/template/${id}`;
export const historyPath = (id: number) => `/document-template/template-history/${id}`;
export const userHistoryPath = (userId: number) => `/document-template/show-history/${userId}`;
