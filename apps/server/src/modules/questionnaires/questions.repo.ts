import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type {
  QuestionBranchesTable,
  QuestionOptionsTable,
  QuestionsTable,
  QuestionTagsTable,
} from '../../db/tables/questionnaires.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type QuestionRow = Selectable<QuestionsTable> & { category_name: string | null };
export type OptionRow = Selectable<QuestionOptionsTable>;
export type TagRow = Selectable<QuestionTagsTable>;
export type BranchRow = Selectable<QuestionBranchesTable>;

/** Questions with their category's name; `where` picks which (always within the organisation). */
function questionsWithCategory(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('questions')
    .leftJoin('question_categories', 'question_categories.id', 'questions.category_id')
    .selectAll('questions')
    .select('question_categories.name as category_name');
}

export async function questionsOfForm(db: Db, organisationId: number, formId: number): Promise<QuestionRow[]> {
  return questionsWithCategory(db, organisationId)
    .where('questions.questionnaire_id', '=', formId)
    .orderBy('questions.depth')
    .orderBy('questions.position')
    .orderBy('questions.id')
    .execute();
}

export async function questionsByIds(db: Db, organisationId: number, ids: readonly number[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return questionsWithCategory(db, organisationId)
    .where('questions.id', 'in', [...ids])
    .execute();
}

export async function questionsOfCategories(
  db: Db,
  organisationId: number,
  categoryIds: readonly number[],
): Promise<QuestionRow[]> {
  if (categoryIds.length === 0) return [];
  return questionsWithCategory(db, organisationId)
    .where('questions.category_id', 'in', [...categoryIds])
    .orderBy('questions.questionnaire_id')
    .orderBy('questions.depth')
    .orderBy('questions.position')
    .orderBy('questions.id')
    .execute();
}

export async function childQuestionsOfBranches(
  db: Db,
  organisationId: number,
  branchIds: readonly number[],
): Promise<QuestionRow[]> {
  if (branchIds.length === 0) return [];
  return questionsWithCategory(db, organisationId)
    .where('questions.parent_branch_id', 'in', [...branchIds])
    .orderBy('questions.position')
    .execute();
}

export interface QuestionParts {
  options: OptionRow[];
  tags: TagRow[];
  branches: BranchRow[];
}

/** Options, tags and branches of the questions, each in display order. */
export async function partsOfQuestions(db: Db, organisationId: number, ids: readonly number[]): Promise<QuestionParts> {
  if (ids.length === 0) return { options: [], tags: [], branches: [] };
  const list = [...ids];
  const [options, tags, branches] = await Promise.all([
    scoped(db, organisationId)
      .selectFrom('question_options')
      .selectAll()
      .where('question_id', 'in', list)
      .orderBy('position')
      .execute(),
    scoped(db, organisationId)
      .selectFrom('question_tags')
      .selectAll()
      .where('question_id', 'in', list)
      .orderBy('position')
      .execute(),
    scoped(db, organisationId)
      .selectFrom('question_branches')
      .selectAll()
      .where('question_id', 'in', list)
      .orderBy('position')
      .execute(),
  ]);
  return { options, tags, branches };
}

/** The shape of the organisation's conditional graph: enough to measure nesting below any question. */
export async function conditionalGraph(db: Db, organisationId: number) {
  const [questions, branches] = await Promise.all([
    scoped(db, organisationId)
      .selectFrom('questions')
      .select(['id', 'questionnaire_id', 'parent_branch_id', 'is_conditional'])
      .execute(),
    scoped(db, organisationId)
      .selectFrom('question_branches')
      .select(['id', 'question_id', 'type', 'selected_question_id'])
      .execute(),
  ]);
  return { questions, branches };
}

/** Of `ids`, the Multiple Choice questions that take one answer (for the executions' answer check). */
export async function oneAnswerQuestions(
  db: Db,
  organisationId: number,
  ids: readonly number[],
): Promise<{ id: number; question_text: string }[]> {
  if (ids.length === 0) return [];
  return scoped(db, organisationId)
    .selectFrom('questions')
    .select(['id', 'question_text'])
    .where('id', 'in', [...ids])
    .where('question_type', '=', 'Multiple')
    .where('multiple_answers', '=', 0)
    .execute();
}

export async function questionIdsOfForm(db: Db, organisationId: number, formId: number): Promise<number[]> {
  const rows = await scoped(db, organisationId)
    .selectFrom('questions')
    .select('id')
    .where('questionnaire_id', '=', formId)
    .execute();
  return rows.map((row) => row.id);
}

/** Removes the options, tags and branches of the questions (they are written again on save). */
export async function clearQuestionParts(db: Db, organisationId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  for (const table of ['question_tags', 'question_options', 'question_branches'] as const) {
    await scoped(db, organisationId).deleteFrom(table).where('question_id', 'in', list).execute();
  }
}

export async function deleteQuestions(db: Db, organisationId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await scoped(db, organisationId)
    .deleteFrom('questions')
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertQuestion(db: Db, values: Insertable<QuestionsTable>): Promise<number> {
  const row = await db.insertInto('questions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(
  db: Db,
  organisationId: number,
  id: number,
  patch: Updateable<QuestionsTable>,
): Promise<void> {
  await scoped(db, organisationId).updateTable('questions').set(patch).where('id', '=', id).execute();
}

export async function insertOption(db: Db, values: Insertable<QuestionOptionsTable>): Promise<number> {
  const row = await db.insertInto('question_options').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTags(db: Db, rows: Insertable<QuestionTagsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('question_tags').values(rows).execute();
}

export async function insertBranch(db: Db, values: Insertable<QuestionBranchesTable>): Promise<number> {
  const row = await db.insertInto('question_branches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface TagUse {
  tag: string;
  question_id: number;
  questionnaire_id: number;
  category_id: number | null;
  list: string;
}

/** Every tag of the organisation's questions (optionally only of some categories), with where it is written. */
export async function tagUses(db: Db, organisationId: number, categoryIds?: readonly number[]): Promise<TagUse[]> {
  let query = scoped(db, organisationId)
    .selectFrom('question_tags')
    .innerJoin('questions', 'questions.id', 'question_tags.question_id')
    .select([
      'question_tags.tag',
      'question_tags.question_id',
      'questions.questionnaire_id',
      'questions.category_id',
      'question_tags.list',
    ])
    .where('questions.organisation_id', '=', organisationId);
  if (categoryIds) {
    if (categoryIds.length === 0) return [];
    query = query.where('questions.category_id', 'in', [...categoryIds]);
  }
  return query.orderBy('question_tags.tag').orderBy('question_tags.question_id').execute();
}
