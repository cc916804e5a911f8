import {
  assignableOrganisations,
  casePlaybookList,
  detailResponse,
  pickerUsers,
  playbookAdvanceSearchResult,
  playbookAssignment,
  playbookAttachmentAdded,
  playbookAttachmentList,
  playbookCategory,
  playbookCategoryList,
  playbookDetail,
  playbookList,
  playbookPositions,
  playbookPreview,
  playbookPublished,
  playbookImported,
  playbookSaved,
  playbookTermResult,
  type PlaybookAdvanceSearchInput,
  type PlaybookAssignmentInput,
  type PlaybookExportFormat,
  type PlaybookInput,
  type PlaybookTermInput,
} from '@lexdesk/contract';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../api/client.ts';

/** The playbook calls of spec 01 §7 and docs/playbooks.md, each parsed with the contract's schema. */
export interface ListParams {
  pageNo: number;
  limits: number;
  search: string;
}

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchPlaybooks = (p: ListParams, signal?: AbortSignal) =>
  apiRequest('playbook/', {
    query: { page_no: p.pageNo, limits: p.limits, search_key: p.search || undefined },
    schema: playbookList,
    ...signalOf(signal),
  });

export const advanceSearch = (body: PlaybookAdvanceSearchInput, signal?: AbortSignal) =>
  apiRequest('playbook/advance-search/', {
    method: 'POST',
    body,
    schema: playbookAdvanceSearchResult,
    ...signalOf(signal),
  });

export const fetchPlaybook = (id: number, signal?: AbortSignal) =>
  apiRequest(`playbook/${id}/`, { schema: playbookDetail, ...signalOf(signal) });

export const createPlaybook = (body: PlaybookInput) =>
  apiRequest('playbook/', { method: 'POST', body, schema: playbookSaved });
export const updatePlaybook = (id: number, body: PlaybookInput) =>
  apiRequest(`playbook/${id}/`, { method: 'PUT', body, schema: playbookSaved });
export const deletePlaybook = (id: number) =>
  apiRequest(`playbook/${id}/`, { method: 'DELETE', schema: detailResponse });

/** The draft (no version) or a published version as one document. */
export const fetchPreview = (id: number, version: number | null, signal?: AbortSignal) =>
  apiRequest(`playbook/preview/${id}/`, {
    query: { version: version ?? undefined },
    schema: playbookPreview,
    ...signalOf(signal),
  });
export const publishPlaybook = (id: number) =>
  apiRequest(`playbook/${id}/publish/`, { method: 'POST', schema: playbookPublished });
export const duplicatePlaybook = (id: number) =>
  apiRequest(`playbook/${id}/duplicate/`, { method: 'POST', schema: playbookSaved });

/** POST playbook-export/{id}/ {format, version?}: a file (downloaded with useDownload). */
export const exportPath = (id: number) => `playbook-export/${id}/`;
export const exportBody = (format: PlaybookExportFormat, version: number | null) => ({
  format,
  ...(version ? { version } : {}),
});

export function importPlaybook(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('file', file);
  return apiUpload('playbook/import/', form, onProgress, { schema: playbookImported });
}

// Categories (the organisation's list)
export const fetchCategories = () => apiRequest('playbook-category/', { schema: playbookCategoryList });
/** The saved category comes back with the toast; read leniently so an answer without it still counts. */
const categorySaved = z.object({ detail: z.string(), category: playbookCategory.optional() });
export const createCategory = (name: string) =>
  apiRequest('playbook-category/', { method: 'POST', body: { name }, schema: categorySaved });
export const renameCategory = (id: number, name: string) =>
  apiRequest(`playbook-category/${id}/`, { method: 'PUT', body: { name }, schema: categorySaved });

// Attachments
export const fetchAttachments = (playbookId: number, signal?: AbortSignal) =>
  apiRequest(`playbook-attachment/list/${playbookId}/`, {
    query: { type: 'playbook' },
    schema: playbookAttachmentList,
    ...signalOf(signal),
  });
export function uploadAttachment(playbookId: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('file', file);
  return apiUpload(`playbook/attachments/${playbookId}/`, form, onProgress, { schema: playbookAttachmentAdded });
}
export const attachmentPath = (attachmentId: number) => `playbook/attachments/${attachmentId}/`;
export const deleteAttachment = (attachmentId: number) =>
  apiRequest(attachmentPath(attachmentId), { method: 'DELETE', schema: detailResponse });

// Term search
export const searchTerms = (body: PlaybookTermInput, signal?: AbortSignal) =>
  apiRequest('playbook-term/', { method: 'POST', body, schema: playbookTermResult, ...signalOf(signal) });

// Sharing (super user)
export const fetchAssignment = (id: number) => apiRequest(`playbook/${id}/assignment/`, { schema: playbookAssignment });
export const saveAssignment = (id: number, body: PlaybookAssignmentInput) =>
  apiRequest(`playbook/${id}/assignment/`, { method: 'PUT', body, schema: detailResponse });
export const fetchOrganisations = () => apiRequest('assign-organisation/', { schema: assignableOrganisations });
export const fetchOrganisationUsers = (organisationIds: readonly number[]) =>
  apiRequest('fetch/organisation-user/', { query: { users: organisationIds.join(',') }, schema: pickerUsers });

// A case's playbooks
export const fetchCasePlaybooks = (caseId: number, signal?: AbortSignal) =>
  apiRequest(`case/${caseId}/playbooks/`, { schema: casePlaybookList, ...signalOf(signal) });
export const addCasePlaybook = (caseId: number, playbookId: number) =>
  apiRequest(`case/${caseId}/playbooks/`, {
    method: 'POST',
    body: { playbook_id: playbookId },
    schema: detailResponse,
  });
export const moveCasePlaybook = (caseId: number, playbookId: number, version: number) =>
  apiRequest(`case/${caseId}/playbooks/${playbookId}/`, { method: 'PUT', body: { version }, schema: detailResponse });
export const removeCasePlaybook = (caseId: number, playbookId: number) =>
  apiRequest(`case/${caseId}/playbooks/${playbookId}/`, { method: 'DELETE', schema: detailResponse });

/** GET playbook/positions/?concept_ids=: the linked entries of published playbooks, for Review's hits. */
export const fetchPositions = (conceptIds: readonly number[], signal?: AbortSignal) =>
  apiRequest('playbook/positions/', {
    query: { concept_ids: conceptIds.join(',') },
    schema: playbookPositions,
    ...signalOf(signal),
  });
