import type { Generated } from 'kysely';

/**
 * Tables of migration 0022_playbooks (docs/playbooks.md). Every row carries the organisation that owns it
 * (the playbook's, or for assignments the organisation a playbook is shared with, for case pins the case's).
 * Timestamps are ISO text; JSON columns hold what the contract's zod schemas validate.
 */
export interface PlaybookTables {
  playbooks: PlaybooksTable;
  playbook_categories: PlaybookCategoriesTable;
  playbook_category_links: PlaybookCategoryLinksTable;
  playbook_entries: PlaybookEntriesTable;
  playbook_versions: PlaybookVersionsTable;
  playbook_attachments: PlaybookAttachmentsTable;
  playbook_assignments: PlaybookAssignmentsTable;
  case_playbooks: CasePlaybooksTable;
}

export interface PlaybooksTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  /** Lower-cased name: unique per organisation. */
  name_key: string;
  playbook_type: string;
  description: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PlaybookCategoriesTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  name_key: string;
  created_at: string;
}

export interface PlaybookCategoryLinksTable {
  organisation_id: number;
  playbook_id: number;
  category_id: number;
  position: number;
}

export interface PlaybookEntriesTable {
  id: Generated<number>;
  organisation_id: number;
  playbook_id: number;
  position: number;
  topic: string;
  category_id: number | null;
  importance: string;
  standard_position: string;
  /** JSON: PlaybookFallback[]. */
  fallbacks: string;
  /** JSON: string[]. */
  unacceptable: string;
  model_language: string;
  /** JSON: number[]. */
  concept_head_ids: string;
}

export interface PlaybookVersionsTable {
  id: Generated<number>;
  organisation_id: number;
  playbook_id: number;
  version: number;
  /** JSON: the contract's playbookContent, never changed once published. */
  content: string;
  published_by: number | null;
  published_at: string;
}

export interface PlaybookAttachmentsTable {
  id: Generated<number>;
  organisation_id: number;
  playbook_id: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  extension: string;
  size: number;
  /** pending | indexed | failed (PLAYBOOK_ATTACHMENT_STATES). */
  state: string;
  uploaded_by: number | null;
  uploaded_at: string;
}

export interface PlaybookAssignmentsTable {
  id: Generated<number>;
  /** The organisation the playbook is shared WITH. */
  organisation_id: number;
  playbook_id: number;
  /** Null: the organisation's row; a user: only the named users of that organisation see it. */
  user_id: number | null;
}

export interface CasePlaybooksTable {
  organisation_id: number;
  case_id: number;
  playbook_id: number;
  version: number;
  added_by: number | null;
  added_at: string;
}
