import { sql } from 'kysely';
import type { Db } from '../../db/database.types.ts';

/**
 * Counts one hit on `key` atomically (one upsert, safe across several servers): a window older than
 * `windowStart` restarts at 1. Answers the count within the current window.
 */
export async function hitThrottle(db: Db, key: string, now: string, windowStart: string): Promise<number> {
  const row = await db
    .insertInto('throttles')
    .values({ key, count: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when throttles.window_started_at <= ${windowStart} then 1 else throttles.count + 1 end`,
        window_started_at: sql<string>`case when throttles.window_started_at <= ${windowStart} then excluded.window_started_at else throttles.window_started_at end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The count within the current window (0 when the window has passed). */
export async function peekThrottle(db: Db, key: string, windowStart: string): Promise<number> {
  const row = await db
    .selectFrom('throttles')
    .select('count')
    .where('key', '=', key)
    .where('window_started_at', '>', windowStart)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function deleteThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Deletes every counter whose key starts with `prefix` (its `%`, `_` and backslash match literally). */
export async function deleteThrottlesWithPrefix(db: Db, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db
    .deleteFrom('throttles')
    .where('key', 'like', sql<string>`${pattern} escape '\\'`)
    .execute();
}

export async function deleteStaleThrottles(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttles').where('window_started_at', '<', before).execute();
}
