import type { Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';

/**
 * Multiple Choice answer mode (issue 18, item 3): `multiple_answers` 1 lets the user tick several options
 * (checkboxes), 0 exactly one (radios). Questions stored before this migration were always "tick any", so
 * they get 1; new questions are written with the author's choice (one answer unless asked otherwise).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('multiple_answers', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}
