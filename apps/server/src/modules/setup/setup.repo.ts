import type { Db } from '../../db/database.types.ts';
import { crossTenant } from '../../db/tenant-scope.ts';

/** The settings row holding the hash and expiry of the one first-run setup link. */
const SETUP_KEY = 'first_run_setup';

export interface StoredSetupLink {
  hash: string;
  expiresAt: string;
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  const anyone = crossTenant(db, 'first-run setup: whether the installation has any account at all');
  return (await anyone.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function saveSetupLink(db: Db, link: StoredSetupLink, now: string): Promise<void> {
  const value = JSON.stringify(link);
  await db
    .insertInto('settings')
    .values({ key: SETUP_KEY, value, updated_at: now, updated_by_user_id: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function findSetupLink(db: Db): Promise<{ raw: string; link: StoredSetupLink } | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETUP_KEY).executeTakeFirst();
  return row ? { raw: row.value, link: JSON.parse(row.value) as StoredSetupLink } : undefined;
}

/** Deletes the link row if it is still `raw`: true for exactly one of several concurrent uses. */
export async function consumeSetupLink(db: Db, raw: string): Promise<boolean> {
  const result = await db
    .deleteFrom('settings')
    .where('key', '=', SETUP_KEY)
    .where('value', '=', raw)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
