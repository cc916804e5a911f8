import {
  caseDetail,
  caseListResponse,
  caseStatusHistoryResponse,
  caseUsersResponse,
  detailResponse,
  documentListResponse,
  documentRow,
  savedSearchListResponse,
  savedSearchRow,
  solrDocumentResponse,
  type CaseBodyInput,
  type CaseDetail,
  type CaseListResponse,
  type CaseSortField,
  type DocumentListResponse,
  type DocumentRow,
  type SavedSearchBodyInput,
  type SavedSearchListResponse,
  type SavedSearchRow,
  type SolrDocumentResponse,
} from '@lexdesk/contract';
import { apiRequest, apiUpload } from '../../api/client.ts';

export interface CaseListParams {
  pageNo: number;
  limits: number;
  search: string;
  text: string;
  sortBy: CaseSortField;
  sortOrder: 'asc' | 'desc';
}

export function fetchCases(p: CaseListParams, signal?: AbortSignal): Promise<CaseListResponse> {
  return apiRequest('case/', {
    query: {
      page_no: p.pageNo,
      limits: p.limits,
      search_key: p.search || undefined,
      text: p.text || undefined,
      sort_by: p.sortBy,
      sort_order: p.sortOrder,
    },
    schema: caseListResponse,
    signal,
  });
}

export const fetchCase = (id: number, signal?: AbortSignal): Promise<CaseDetail> =>
  apiRequest(`case/${id}/`, { schema: caseDetail, signal });

export const createCase = (body: CaseBodyInput): Promise<CaseDetail> =>
  apiRequest('case/', { method: 'POST', body, schema: caseDetail });

export const updateCase = (id: number, body: CaseBodyInput): Promise<CaseDetail> =>
  apiRequest(`case/${id}/`, { method: 'PUT', body, schema: caseDetail });

export const deleteCase = (id: number) => apiRequest(`case/${id}/`, { method: 'DELETE', schema: detailResponse });

export const fetchStatusHistory = (id: number, signal?: AbortSignal) =>
  apiRequest(`case/${id}/status-history/`, { schema: caseStatusHistoryResponse, signal });

export const fetchCaseUsers = (signal?: AbortSignal) =>
  apiRequest('case/users/', { schema: caseUsersResponse, signal });

/** A case's documents; `text` keeps those holding every word ("quoted words": a phrase). */
export const fetchDocuments = (
  caseId: number,
  pageNo: number,
  limits: number,
  text: string,
  signal?: AbortSignal,
): Promise<DocumentListResponse> =>
  apiRequest(`case/${caseId}/documents/`, {
    query: { page_no: pageNo, limits, text: text || undefined },
    schema: documentListResponse,
    signal,
  });

export const fetchSavedSearches = (
  caseId: number,
  pageNo: number,
  limits: number,
  signal?: AbortSignal,
): Promise<SavedSearchListResponse> =>
  apiRequest(`case/${caseId}/saved-searches/`, {
    query: { page_no: pageNo, limits },
    schema: savedSearchListResponse,
    signal,
  });

export const saveSearch = (caseId: number, body: SavedSearchBodyInput): Promise<SavedSearchRow> =>
  apiRequest(`case/${caseId}/saved-searches/`, { method: 'POST', body, schema: savedSearchRow });

export const deleteSavedSearch = (id: number) =>
  apiRequest(`case/saved-search/${id}/`, { method: 'DELETE', schema: detailResponse });

export function uploadDocument(
  caseId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DocumentRow> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload(`case/${caseId}/documents/`, form, onProgress, { schema: documentRow });
}

export const deleteDocument = (id: number) =>
  apiRequest(`document/${id}/`, { method: 'DELETE', schema: detailResponse });

export const fetchSolrDocument = (id: number, signal?: AbortSignal): Promise<SolrDocumentResponse> =>
  apiRequest('solr/document/', { query: { documentUID: id }, schema: solrDocumentResponse, signal });
