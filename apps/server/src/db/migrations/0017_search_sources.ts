import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/**
 * The search index serves every module (issue 11 §3): `search_sources` replaces `search_documents`, keyed by
 * source kind and source id ('case_document' for today's rows) instead of a foreign key to documents, so
 * templates, playbook attachments and knowledge articles are indexed and searched the same way. A module
 * removes its sources' rows through the search service (the vocabulary counts go down with them).
 * - `id` is the index row's own key and the FTS5 rowid; existing rows keep their doc_id as id, so the
 *   contentless FTS5 entries (which cannot be read back) stay valid without re-tokenising anything.
 * - organisation_id and case_id cascade as a safety net only: the services remove rows first.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';

  let sources = addIdColumn(db.schema.createTable('search_sources'), dialect)
    .addColumn('source_kind', 'text', (col) => col.notNull())
    .addColumn('source_id', 'integer', (col) => col.notNull())
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.references('cases.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('word_ids', blob, (col) => col.notNull())
    .addColumn('offsets', blob, (col) => col.notNull())
    .addColumn('word_count', 'integer', (col) => col.notNull())
    .addColumn('indexed_at', 'text', (col) => col.notNull());
  if (dialect === 'postgres') sources = sources.addColumn('tsv', sql`tsvector`, (col) => col.notNull());
  await sources.execute();

  const tsv = dialect === 'postgres' ? sql`, tsv` : sql``;
  await sql`insert into search_sources
      (id, source_kind, source_id, organisation_id, case_id, text, word_ids, offsets, word_count, indexed_at${tsv})
    select s.doc_id, 'case_document', s.doc_id, s.organisation_id, d.case_id, s.text, s.word_ids, s.offsets,
      s.word_count, s.indexed_at${dialect === 'postgres' ? sql`, s.tsv` : sql``}
    from search_documents s join documents d on d.id = s.doc_id`.execute(db);
  // SQLite's autoincrement moves past explicit ids by itself; PostgreSQL's sequence does not.
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('search_sources', 'id'), coalesce(max(id), 0) + 1, false)
      from search_sources`.execute(db);
  }

  // Dropping the old table drops its FTS5 delete trigger too; the FTS5 rows stay, keyed by the same ids.
  await db.schema.dropTable('search_documents').execute();

  await db.schema
    .createIndex('search_sources_source')
    .on('search_sources')
    .columns(['source_kind', 'source_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('search_sources_organisation')
    .on('search_sources')
    .columns(['organisation_id', 'source_kind'])
    .execute();
  await db.schema.createIndex('search_sources_case').on('search_sources').column('case_id').execute();
  if (dialect === 'postgres') {
    await sql`create index search_sources_tsv on search_sources using gin (tsv)`.execute(db);
  } else {
    await sql`create trigger search_sources_fts_delete after delete on search_sources begin
      delete from search_fts where rowid = old.id; end`.execute(db);
  }
}
