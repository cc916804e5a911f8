import {
  advanceSearchOptions,
  detailResponse,
  reviewRun,
  reviewSearchList,
  reviewSearchPage,
  savedSearchDetail,
  type SavedSearchAdvancedInput,
  type SavedSearchKind,
} from '@lexdesk/contract';
import { apiRequest } from '../../../api/client.ts';

/** Spec 03 §7 "Saved searches": the calls of /save-search and /save-search/view/{id}. */
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface SavedListParams {
  pageNo: number;
  limits: number;
  /** The search box. */
  search: string;
  /** The advanced search, when it was the last one run. */
  advanced: SavedSearchAdvancedInput | null;
}

/** The page shown: the advanced search, the search box, or every saved search. */
export function fetchSavedList(p: SavedListParams, signal?: AbortSignal) {
  if (p.advanced) {
    return apiRequest('save-search/filter/', {
      method: 'POST',
      query: { search: '', page_no: p.pageNo, limits: p.limits },
      body: { ...p.advanced, page_no: p.pageNo },
      schema: reviewSearchPage,
      ...signalOf(signal),
    });
  }
  if (p.search) {
    return apiRequest('save-search/filter/', {
      query: { search: p.search, page_no: p.pageNo, limits: p.limits },
      schema: reviewSearchPage,
      ...signalOf(signal),
    });
  }
  return apiRequest('save-search/', {
    query: { page_no: p.pageNo, limits: p.limits },
    schema: reviewSearchList,
    ...signalOf(signal),
  });
}

export const fetchAdvanceOptions = (signal?: AbortSignal) =>
  apiRequest('save-search/advance-search/', { schema: advanceSearchOptions, ...signalOf(signal) });

export const deleteSavedSearch = (id: number, kind: SavedSearchKind) =>
  apiRequest('save-search/', { method: 'DELETE', query: { id, kind }, schema: detailResponse });

export const fetchSavedDetail = (id: number, kind: SavedSearchKind, signal?: AbortSignal) =>
  apiRequest(`save-search/data/${id}/`, { query: { kind }, schema: savedSearchDetail, ...signalOf(signal) });

export const rerunSavedSearch = (id: number) =>
  apiRequest(`save-search/${id}/rerun/`, { method: 'POST', schema: reviewRun });
