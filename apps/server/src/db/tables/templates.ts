import type { Generated } from 'kysely';
import type { Flag } from '../database.types.ts';

/** Tables of migration 0007_templates. Same conventions as database.types.ts (0/1 flags, ISO text timestamps). */

export interface DocumentTemplatesTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  description: Generated<string>;
  /** The current version; its file is file_key. */
  version: number;
  file_key: string;
  file_name: string;
  file_size: number;
  /** JSON array of the document's tags, in document order. */
  tags: string;
  /** 1: every user of the organisation may run it; else only document_template_users. */
  everyone: Generated<Flag>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentTemplateVersionsTable {
  id: Generated<number>;
  organisation_id: number;
  template_id: number;
  version: number;
  file_key: string;
  file_name: string;
  file_size: number;
  tags: string;
  uploaded_by: number | null;
  created_at: string;
}

export interface DocumentTemplateCategoriesTable {
  id: Generated<number>;
  organisation_id: number;
  template_id: number;
  category_id: number;
  position: number;
  is_active: Generated<Flag>;
}

export interface DocumentTemplateUsersTable {
  id: Generated<number>;
  organisation_id: number;
  template_id: number;
  user_id: number;
}

export interface TemplateExecutionsTable {
  id: Generated<number>;
  organisation_id: number;
  template_id: number;
  version: number;
  /** JSON array of answers (contract `Answer`). */
  answers: string;
  document_name: string;
  file_key: string;
  file_size: number;
  created_by: number | null;
  created_at: string;
}

export interface TemplateDraftsTable {
  id: Generated<number>;
  organisation_id: number;
  template_id: number;
  user_id: number;
  /** The answers so far, as JSON; '[]' once the round's document was generated (no draft). */
  answers: string;
  updated_at: string;
  /** Which round of answers this is: each Submit starts the next (migration 0015). */
  round: Generated<number>;
}

export interface TemplatePackagesTable {
  id: Generated<number>;
  organisation_id: number;
  /** 'export' | 'import'. */
  kind: string;
  /** 'template' | 'questionnaires'. */
  scope: string;
  name: string;
  file_key: string;
  file_size: number;
  target_organisation_id: number | null;
  summary: Generated<string>;
  created_by: number | null;
  created_at: string;
}

export interface TemplateTables {
  document_templates: DocumentTemplatesTable;
  document_template_versions: DocumentTemplateVersionsTable;
  document_template_categories: DocumentTemplateCategoriesTable;
  document_template_users: DocumentTemplateUsersTable;
  template_executions: TemplateExecutionsTable;
  template_drafts: TemplateDraftsTable;
  template_packages: TemplatePackagesTable;
}
