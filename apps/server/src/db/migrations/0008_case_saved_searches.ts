import type { Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/**
 * Saved searches of a case (spec 01 §6 'save search'): the words of a search in the case's documents,
 * kept per organisation and case with who saved it and when. They go with their case (on delete cascade).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('case_saved_searches'), dialect)
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('case_id', 'integer', (col) => col.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('terms', 'text', (col) => col.notNull())
    .addColumn('created_by_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('case_saved_searches_case')
    .on('case_saved_searches')
    .columns(['organisation_id', 'case_id', 'id'])
    .execute();
}
