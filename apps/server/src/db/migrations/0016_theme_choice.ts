import { sql, type Kysely } from 'kysely';

/**
 * Whether a user ever chose a theme (issue 18): until they do (0), the web follows the operating system's
 * light or dark mode; the first toggle saves the theme they asked for and sets this to 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('theme_chosen', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Anyone already on the dark theme chose it (dark was never the default).
  await sql`update users set theme_chosen = 1 where is_dark_theme = 1`.execute(db);
}
