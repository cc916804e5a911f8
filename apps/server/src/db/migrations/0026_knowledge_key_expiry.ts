import type { Kysely } from 'kysely';

/**
 * Issue 29 item 6: every knowledge API key expires. New keys get the expiry chosen at creation (90 days unless
 * chosen, at most 365: KNOWLEDGE_LIMITS). Keys made before had none: they expire 90 days after this migration,
 * which leaves their organisations time to make new ones. An empty value (never written by the app) is in the
 * past of every date, so a row the update missed stops rather than lives for ever.
 */
const EXISTING_KEYS_DAYS = 90;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('knowledge_api_keys')
    .addColumn('expires_at', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const expiresAt = new Date(Date.now() + EXISTING_KEYS_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const keys = db as unknown as Kysely<{ knowledge_api_keys: { expires_at: string } }>;
  await keys.updateTable('knowledge_api_keys').set({ expires_at: expiresAt }).where('expires_at', '=', '').execute();
}
