import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/**
 * Cases and their documents (issue 4), the durable jobs table and the search index (DESIGN §5).
 * - Every tenant table carries organisation_id; children cascade from their case.
 * - documents: a row is inserted only after its blob is stored, so nothing half-written is listed.
 *   `source` says where it came from (upload, an email's attachment, a generated document); `email_id`
 *   points at the case email it came with (the emails table arrives in 0005, so no foreign key).
 * - search_documents keeps the extracted text, its word ids (uint32 LE) and token start offsets
 *   (uint32 LE) for exact counts, phrases and keyword-in-context; the full-text index (FTS5 on SQLite,
 *   a stripped tsvector with GIN on PostgreSQL) over the same normalised tokens only picks candidates.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';

  await addIdColumn(db.schema.createTable('cases'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cases_organisation').on('cases').columns(['organisation_id', 'updated_at']).execute();

  await addIdColumn(db.schema.createTable('case_parties'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('case_parties_case').on('case_parties').columns(['case_id', 'position']).execute();

  await db.schema
    .createTable('case_assigned_users')
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('case_assigned_users_pk', ['case_id', 'user_id'])
    .execute();
  await db.schema.createIndex('case_assigned_users_user').on('case_assigned_users').column('user_id').execute();

  await addIdColumn(db.schema.createTable('case_status_history'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('changed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('case_status_history_case')
    .on('case_status_history')
    .columns(['case_id', 'id'])
    .execute();

  await addIdColumn(db.schema.createTable('documents'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('extension', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('upload', 'email', 'generated')`))
    .addColumn('email_id', 'integer')
    .addColumn('indexing_state', 'text', (col) =>
      col.notNull().check(sql`indexing_state in ('queued', 'indexing', 'indexed', 'failed')`),
    )
    .addColumn('indexing_error', 'text')
    .addColumn('indexed_at', 'text')
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('documents_case').on('documents').columns(['case_id', 'id']).execute();
  await db.schema
    .createIndex('documents_organisation_state')
    .on('documents')
    .columns(['organisation_id', 'indexing_state'])
    .execute();
  await db.schema.createIndex('documents_email').on('documents').column('email_id').execute();

  // Durable background work (platform/jobs). A running job's lease (locked_until) lets another
  // worker take it over after a crash or restart.
  await addIdColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.references('organisations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(5))
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_after']).execute();

  // Search index (platform/search). Word ids are global; document counts are internal statistics
  // for picking a strategy and are never shown to anyone.
  await addIdColumn(db.schema.createTable('search_vocabulary'), dialect)
    .addColumn('word', 'text', (col) => col.notNull())
    .addColumn('doc_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('search_vocabulary_word').on('search_vocabulary').column('word').unique().execute();

  let searchDocuments = db.schema
    .createTable('search_documents')
    .addColumn('doc_id', 'integer', (col) => col.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('word_ids', blob, (col) => col.notNull())
    .addColumn('offsets', blob, (col) => col.notNull())
    .addColumn('word_count', 'integer', (col) => col.notNull())
    .addColumn('indexed_at', 'text', (col) => col.notNull());
  if (dialect === 'postgres') searchDocuments = searchDocuments.addColumn('tsv', sql`tsvector`, (col) => col.notNull());
  await searchDocuments.execute();
  await db.schema
    .createIndex('search_documents_organisation')
    .on('search_documents')
    .column('organisation_id')
    .execute();

  if (dialect === 'postgres') {
    await sql`create index search_documents_tsv on search_documents using gin (tsv)`.execute(db);
  } else {
    // Contentless: the tokens are already in search_documents (as word ids); FTS5 keeps only its index.
    await sql`create virtual table search_fts using fts5(tokens, content='', contentless_delete=1,
      tokenize='unicode61 remove_diacritics 0')`.execute(db);
    await sql`create trigger search_documents_fts_delete after delete on search_documents begin
      delete from search_fts where rowid = old.doc_id; end`.execute(db);
  }
}
