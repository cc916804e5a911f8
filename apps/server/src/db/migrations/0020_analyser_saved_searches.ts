import type { Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addFlagColumn, addIdColumn } from '../migration-helpers.ts';

/**
 * Saved reviews of the document analyser (issue 13, spec 03 §2.4-2.5; docs/analyser.md "Review and saved
 * searches"): the inputs (concept list and its version, heads, cases, documents, horizon) and the figures as
 * counted. A saved search is its saver's own row (it goes with the user); its case and document rows go with
 * their case or document, so the search then reports those documents as removed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let searches = addIdColumn(db.schema.createTable('analyser_saved_searches'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The list may be deleted later: its name and version as run stay here.
    .addColumn('concept_list_id', 'integer', (col) => col.references('concept_lists.id').onDelete('set null'))
    .addColumn('concept_list_name', 'text', (col) => col.notNull())
    .addColumn('concept_list_version', 'integer', (col) => col.notNull())
    // JSON array of head ids; [] = every head of the list.
    .addColumn('concept_ids', 'text', (col) => col.notNull())
    .addColumn('horizon', 'integer', (col) => col.notNull())
    .addColumn('document_count', 'integer', (col) => col.notNull())
    // JSON: the review result (contract reviewResult) as counted.
    .addColumn('result', 'text', (col) => col.notNull());
  searches = addFlagColumn(searches, 'multiple');
  await searches.addColumn('created_at', 'text', (col) => col.notNull()).execute();
  await db.schema
    .createIndex('analyser_saved_searches_list')
    .on('analyser_saved_searches')
    .columns(['organisation_id', 'created_by', 'id'])
    .execute();

  await db.schema
    .createTable('analyser_saved_search_cases')
    .addColumn('saved_search_id', 'integer', (col) =>
      col.notNull().references('analyser_saved_searches.id').onDelete('cascade'),
    )
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('analyser_saved_search_cases_pk', ['saved_search_id', 'case_id'])
    .execute();

  await db.schema
    .createTable('analyser_saved_search_documents')
    .addColumn('saved_search_id', 'integer', (col) =>
      col.notNull().references('analyser_saved_searches.id').onDelete('cascade'),
    )
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('case_title', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // When the document's text was indexed as counted: a later indexing means its figures may have changed.
    .addColumn('indexed_at', 'text')
    .addPrimaryKeyConstraint('analyser_saved_search_documents_pk', ['saved_search_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('analyser_saved_search_documents_document')
    .on('analyser_saved_search_documents')
    .column('document_id')
    .execute();
  await db.schema
    .createIndex('analyser_saved_search_cases_case')
    .on('analyser_saved_search_cases')
    .column('case_id')
    .execute();
}
