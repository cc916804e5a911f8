import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { QuestionCategoriesTable } from '../../db/tables/questionnaires.ts';
import { scoped } from '../../db/tenant-scope.ts';

export async function listCategories(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('question_categories')
    .select(['id', 'name'])
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

export async function findCategory(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('question_categories')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function categoriesByIds(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('question_categories')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function findCategoryByKey(db: Db, organisationId: number, nameKey: string) {
  return scoped(db, organisationId)
    .selectFrom('question_categories')
    .select(['id', 'name'])
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function insertCategory(db: Db, values: Insertable<QuestionCategoriesTable>): Promise<number> {
  const row = await db.insertInto('question_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCategory(
  db: Db,
  organisationId: number,
  id: number,
  name: string,
  now: string,
): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('question_categories')
    .set({ name, name_key: name.toLowerCase(), updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the category; its questions and forms stay, with no category (foreign keys set null). */
export async function deleteCategory(db: Db, organisationId: number, id: number): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .deleteFrom('question_categories')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
