import type { Database } from '../../db/database.types.ts';

/** A column that holds blob storage keys (`<area>/<yyyy>/<uuid>`). */
export interface BlobKeyColumn {
  table: keyof Database & string;
  column: string;
}

/**
 * Every column that refers to a stored file. The storage sweep keeps exactly the files these name and
 * removes the rest, so a module that stores files adds its column here (blob-references.test.ts fails
 * while a `*_key` column is in neither this list nor its list of keys that are not files).
 */
export const BLOB_KEY_COLUMNS: readonly BlobKeyColumn[] = [
  { table: 'documents', column: 'storage_key' },
  { table: 'case_emails', column: 'storage_key' },
  { table: 'document_templates', column: 'file_key' },
  { table: 'document_template_versions', column: 'file_key' },
  { table: 'template_executions', column: 'file_key' },
  { table: 'template_packages', column: 'file_key' },
  { table: 'playbook_attachments', column: 'storage_key' },
];
