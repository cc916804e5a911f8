import type { Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';
import { addIdColumn } from '../migration-helpers.ts';

/**
 * One-time codes of token sign-in (security issue, item 11): a signed-in user's code, exchanged once by POST for
 * a new session, so no session token travels in a URL. They go with their user (on delete cascade).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await addIdColumn(db.schema.createTable('sign_in_codes'), dialect)
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sign_in_codes_user_id').on('sign_in_codes').column('user_id').execute();
}
