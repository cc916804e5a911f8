import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { QuestionnairesTable } from '../../db/tables/questionnaires.ts';
import { likePattern } from '../../db/like.ts';
import { scoped } from '../../db/tenant-scope.ts';

export async function insertForm(db: Db, values: Insertable<QuestionnairesTable>): Promise<number> {
  const row = await db.insertInto('questionnaires').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findForm(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId).selectFrom('questionnaires').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchForm(db: Db, organisationId: number, id: number, categoryId: number | null, now: string) {
  await scoped(db, organisationId)
    .updateTable('questionnaires')
    .set({ category_id: categoryId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes the form and (by cascade) its questions; false when the organisation has no such form. */
export async function deleteForm(db: Db, organisationId: number, id: number): Promise<boolean> {
  const result = await scoped(db, organisationId).deleteFrom('questionnaires').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** One page of the organisation's forms, most recently changed first, optionally filtered by a search term. */
export async function listForms(
  db: Db,
  organisationId: number,
  page: { page_no: number; limits: number; search_key?: string | undefined },
) {
  let base = scoped(db, organisationId)
    .selectFrom('questionnaires as f')
    .leftJoin('question_categories as c', 'c.id', 'f.category_id');
  if (page.search_key) {
    const pattern = likePattern(page.search_key);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(c.name) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('questions as q')
            .select('q.id')
            .whereRef('q.questionnaire_id', '=', 'f.id')
            .where(sql<boolean>`lower(q.question_text) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  const [{ total }] = (await base.select((eb) => eb.fn.countAll<string | number>().as('total')).execute()) as [
    { total: string | number },
  ];
  const rows = await base
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select((eb) => [
      'f.id',
      'f.category_id',
      'c.name as category_name',
      'f.updated_at',
      'u.first_name',
      'u.last_name',
      eb
        .selectFrom('questions as q')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .whereRef('q.questionnaire_id', '=', 'f.id')
        .where('q.depth', '=', 0)
        .as('question_count'),
      eb
        .selectFrom('questions as q')
        .select('q.question_text')
        .whereRef('q.questionnaire_id', '=', 'f.id')
        .where('q.depth', '=', 0)
        .orderBy('q.position')
        .limit(1)
        .as('first_question'),
    ])
    .orderBy('f.updated_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return { rows, total: Number(total) };
}
