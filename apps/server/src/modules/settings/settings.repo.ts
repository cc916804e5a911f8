import type { Db } from '../../db/database.types.ts';

export async function readSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
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
