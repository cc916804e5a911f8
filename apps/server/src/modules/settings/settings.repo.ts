import type { Db } from '../../db/database.types.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

/** Read by every GET app-config/ (the web's first call): built and compiled once. */
const settingsQuery = preparedQuery((db: Db) => db.selectFrom('settings').select(['key', 'value']));

export async function readSettings(db: Db): Promise<Map<string, string>> {
  const rows = await settingsQuery(db);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeSetting(
  db: Db,
  key: string,
  value: string,
  updatedAt: string,
  userId: number | null,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: updatedAt, updated_by_user_id: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt, updated_by_user_id: userId }))
    .execute();
}
