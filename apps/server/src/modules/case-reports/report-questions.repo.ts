import { sql } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import { likePattern } from '../../db/like.ts';
import { personName } from '../case-records/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

function questionsOf(db: Db, organisationId: number, search: string | undefined) {
  let query = scoped(db, organisationId).selectFrom('report_questions as q');
  if (search) {
    query = query.where((eb) =>
      eb(eb.fn('lower', ['q.question']), 'like', sql<string>`${likePattern(search)} escape '\\'`),
    );
  }
  return query;
}

const COLUMNS = ['q.id', 'q.question', 'q.answer_type', 'q.created_at', 'q.updated_at'] as const;

/** Questions in the order they were added (the order a report asks them). */
export async function listQuestions(
  db: Db,
  organisationId: number,
  filter: { search?: string | undefined; offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    questionsOf(db, organisationId, filter.search)
      .leftJoin('users as u', 'u.id', 'q.created_by_id')
      .select([...COLUMNS, personName('u').as('created_by')])
      .orderBy('q.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    questionsOf(db, organisationId, filter.search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findQuestion(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId)
    .selectFrom('report_questions as q')
    .leftJoin('users as u', 'u.id', 'q.created_by_id')
    .select([...COLUMNS, personName('u').as('created_by')])
    .where('q.id', '=', id)
    .executeTakeFirst();
}

export async function questionsByIds(db: Db, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('report_questions')
    .select(['id', 'question', 'answer_type'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Another question of the organisation with the same text (case-insensitive), if any. */
export async function findSameQuestion(db: Db, organisationId: number, question: string, exceptId?: number) {
  let query = scoped(db, organisationId)
    .selectFrom('report_questions')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['question']), '=', question.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export async function insertQuestion(
  db: Db,
  values: { organisation_id: number; question: string; answer_type: string; created_by_id: number; now: string },
): Promise<number> {
  const row = await db
    .insertInto('report_questions')
    .values({
      organisation_id: values.organisation_id,
      question: values.question,
      answer_type: values.answer_type,
      created_by_id: values.created_by_id,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(
  db: Db,
  organisationId: number,
  id: number,
  patch: { question: string; answer_type: string; updated_at: string },
): Promise<void> {
  await scoped(db, organisationId).updateTable('report_questions').set(patch).where('id', '=', id).execute();
}

export async function deleteQuestion(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('report_questions').where('id', '=', id).execute();
}
