import type { CaseListParams } from './api.ts';

/** Query keys of the cases area (kept here so the area's pages share one spelling). */
export const caseKeys = {
  all: ['cases'] as const,
  list: (p: CaseListParams) => ['cases', 'list', p] as const,
  detail: (id: number) => ['cases', id] as const,
  statusHistory: (id: number) => ['cases', id, 'status-history'] as const,
  documents: (id: number, pageNo: number, limits: number, text: string) =>
    ['cases', id, 'documents', pageNo, limits, text] as const,
  caseDocuments: (id: number) => ['cases', id, 'documents'] as const,
  savedSearches: (id: number, pageNo: number, limits: number) =>
    ['cases', id, 'saved-searches', pageNo, limits] as const,
  caseSavedSearches: (id: number) => ['cases', id, 'saved-searches'] as const,
  users: ['cases', 'users'] as const,
  solrDocument: (id: number) => ['documents', id, 'solr'] as const,
};
