import type { Generated } from 'kysely';

/** Tables of migration 0004_cases. Same conventions as database.types.ts (0/1 flags, ISO text timestamps). */

export interface CasesTable {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  client: Generated<string>;
  description: Generated<string>;
  /** One of CASE_STATUSES of the contract. */
  status: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CasePartiesTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  name: string;
  position: number;
}

export interface CaseAssignedUsersTable {
  organisation_id: number;
  case_id: number;
  user_id: number;
}

export interface CaseStatusHistoryTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  changed_at: string;
}

export type DocumentSource = 'upload' | 'email' | 'generated';
export type IndexingState = 'queued' | 'indexing' | 'indexed' | 'failed';

export interface DocumentsTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number;
  original_name: string;
  media_type: string;
  /** Lower-case extension without the dot, as recognised from the content (docx, pdf, txt, html, eml, msg). */
  extension: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  source: DocumentSource;
  /** The case email this document arrived with (source 'email'); the emails table is in 0005. */
  email_id: number | null;
  indexing_state: IndexingState;
  indexing_error: string | null;
  indexed_at: string | null;
  uploaded_by: number | null;
  created_at: string;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  organisation_id: number | null;
  kind: string;
  /** JSON text. */
  payload: Generated<string>;
  state: JobState;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface CaseTables {
  cases: CasesTable;
  case_parties: CasePartiesTable;
  case_assigned_users: CaseAssignedUsersTable;
  case_status_history: CaseStatusHistoryTable;
  documents: DocumentsTable;
  jobs: JobsTable;
}
