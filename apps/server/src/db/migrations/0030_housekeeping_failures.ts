import type { Kysely } from 'kysely';

/**
 * Issue 29 item 4: when each housekeeping step last failed, and what kind of error it was (the error's class and
 * code only, never its message, which may quote a firm's file name or content), shown in Admin Setting beside its
 * last success (`housekeeping_runs`, 0029). One row per step, whichever server ran it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('housekeeping_failures')
    .addColumn('step', 'text', (col) => col.primaryKey())
    .addColumn('failed_at', 'text', (col) => col.notNull())
    .addColumn('failure', 'text', (col) => col.notNull())
    .execute();
}
