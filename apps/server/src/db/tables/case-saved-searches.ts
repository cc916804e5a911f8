import type { Generated } from 'kysely';

/** Tables of migration 0008_case_saved_searches. Same conventions as database.types.ts (ISO text timestamps). */
export interface CaseSavedSearchTables {
  case_saved_searches: CaseSavedSearchesTable;
}

export interface CaseSavedSearchesTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  /** The words searched for unless the user named the search. */
  name: string;
  /** The search as typed: every word must occur in one document, "quoted words" as a phrase. */
  terms: string;
  created_by_id: number | null;
  created_at: string;
}
