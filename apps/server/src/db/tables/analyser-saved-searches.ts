import type { Generated } from 'kysely';

/** Tables of migration 0020_analyser_saved_searches (saved reviews). Timestamps are ISO text. */
export interface AnalyserSavedSearchTables {
  analyser_saved_searches: AnalyserSavedSearchesTable;
  analyser_saved_search_cases: AnalyserSavedSearchCasesTable;
  analyser_saved_search_documents: AnalyserSavedSearchDocumentsTable;
}

export interface AnalyserSavedSearchesTable {
  id: Generated<number>;
  organisation_id: number;
  created_by: number;
  concept_list_id: number | null;
  concept_list_name: string;
  concept_list_version: number;
  /** JSON array of head ids; [] = every head. */
  concept_ids: string;
  horizon: number;
  document_count: number;
  /** JSON: the contract's reviewResult as counted. */
  result: string;
  multiple: number;
  created_at: string;
}

export interface AnalyserSavedSearchCasesTable {
  saved_search_id: number;
  organisation_id: number;
  case_id: number;
  title: string;
}

export interface AnalyserSavedSearchDocumentsTable {
  saved_search_id: number;
  organisation_id: number;
  document_id: number;
  case_id: number;
  case_title: string;
  name: string;
  indexed_at: string | null;
}
