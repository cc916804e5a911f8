import type { Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';

/**
 * A draft names the round of answers it belongs to (issue 18 item 1). Each Submit starts the next round and
 * empties the draft; a draft save for an earlier round is refused, so an autosave that lands after the
 * document was generated can never bring the previous letter's answers back.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('template_drafts')
    .addColumn('round', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
