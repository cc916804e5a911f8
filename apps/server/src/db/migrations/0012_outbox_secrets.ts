import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';

/** Old outbox rows kept links and codes in clear: mask what they hold, as new rows are written. */
const LINK_TOKEN = /(token=)[A-Za-z0-9_%-]+/g;
const CODE = /\b\d{6}\b/g;
const MASK = '••••••';

function mask(text: string): string {
  return text.replace(LINK_TOKEN, `$1${MASK}`).replace(CODE, MASK);
}

/**
 * Issue 10 item 4: the outbox never keeps a usable secret. The full text of a message waiting for delivery
 * lives in `outbox_secrets` until its delivery job ends. Rows written before keep their text masked, and
 * rows that were never sent (no SMTP then) are marked failed: their full text no longer exists.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('outbox_secrets')
    .addColumn('outbox_id', 'integer', (col) => col.primaryKey().references('outbox.id').onDelete('cascade'))
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('body_html', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  const rows = await sql<{ id: number; body_text: string; body_html: string | null }>`
    select id, body_text, body_html from outbox`.execute(db);
  for (const row of rows.rows) {
    const text = mask(row.body_text);
    const html = row.body_html === null ? null : mask(row.body_html);
    if (text !== row.body_text || html !== row.body_html) {
      await sql`update outbox set body_text = ${text}, body_html = ${html} where id = ${row.id}`.execute(db);
    }
  }
  await sql`update outbox set status = 'failed',
      error = 'Not delivered: written before messages were sent from the job queue'
    where status = 'queued'`.execute(db);
}
