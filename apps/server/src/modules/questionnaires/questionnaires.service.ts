import {
  can,
  questionnaireMessages as M,
  questionnaireProblem,
  walkQuestions,
  type DetailResponse,
  type QuestionnaireBody,
  type QuestionnaireList,
  type QuestionnaireListQuery,
  type QuestionnaireSaved,
  type QuestionView,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { categoriesByIds, findCategory } from './categories.repo.ts';
import { writeForm } from './form-writer.ts';
import { questionViews, storedHeights } from './question-tree.ts';
import { deleteForm, findForm, insertForm, listForms, touchForm } from './questionnaires.repo.ts';
import {
  clearQuestionParts,
  deleteQuestions,
  oneAnswerQuestions,
  questionIdsOfForm,
  questionsByIds,
  questionsOfCategories,
  questionsOfForm,
  tagUses,
  type TagUse,
} from './questions.repo.ts';

const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });

/** Questionnaires ("forms") of the caller's organisation: list, load, save, delete (spec 02 §7). */
export function questionnairesService(ctx: AppContext) {
  /** Checks and writes one form; `formId` null creates it. Every rule of spec 02 §5 holds afterwards. */
  async function save(actor: Actor, formId: number | null, body: QuestionnaireBody): Promise<number> {
    if (!can(actor, 'questionnaires.questions.write')) throw forbidden();
    const categoryId = body.category ?? null;
    if (categoryId === null) throw badRequest(formId === null ? M.noCategoryForAdd : M.noCategoryForUpdate);
    const problem = questionnaireProblem(body.form);
    if (problem) throw badRequest(problem);

    return inTransaction(ctx, async (tx) => {
      const org = actor.organisationId;
      if (formId !== null && !(await findForm(tx.db, org, formId))) throw notFound();
      if (!(await findCategory(tx.db, org, categoryId))) throw notFound(M.categoryNotFound);
      const existing = new Set(formId === null ? [] : await questionIdsOfForm(tx.db, org, formId));

      const kept = new Set<number>();
      const reused: number[] = [];
      const pickedCategories = new Set<number>();
      for (const { question } of walkQuestions(body.form)) {
        if (question.question_id !== null) {
          if (!existing.has(question.question_id) || kept.has(question.question_id)) {
            throw conflict(M.questionNotInForm);
          }
          kept.add(question.question_id);
        }
        if (!question.is_conditional) continue;
        for (const branch of question.showData) {
          if (branch.type !== 'edit') continue;
          if (branch.selectedQuestion !== null) reused.push(branch.selectedQuestion);
          if (branch.selectedCategory !== null) pickedCategories.add(branch.selectedCategory);
        }
      }
      const found = await questionsByIds(tx.db, org, [...new Set(reused)]);
      if (found.length !== new Set(reused).size) throw notFound(M.questionNotFound);
      const categories = await categoriesByIds(tx.db, org, [...pickedCategories]);
      if (categories.length !== pickedCategories.size) throw notFound(M.categoryNotFound);
      const heights = await storedHeights(tx.db, org, reused, new Set([...existing, ...kept]));
      const deepProblem = questionnaireProblem(body.form, (id) => heights.get(id) ?? 0);
      if (deepProblem) throw badRequest(deepProblem);

      const now = nowIso(tx);
      let id = formId;
      if (id === null) {
        id = await insertForm(tx.db, {
          organisation_id: org,
          category_id: categoryId,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
      } else {
        await touchForm(tx.db, org, id, categoryId, now);
        await clearQuestionParts(tx.db, org, [...kept]);
        await deleteQuestions(
          tx.db,
          org,
          [...existing].filter((questionId) => !kept.has(questionId)),
        );
      }
      await writeForm(tx, { organisationId: org, formId: id, categoryId, userId: actor.userId }, body.form);
      await auditService(tx).record(auditActor(actor), 'questionnaire', id, formId === null ? 'created' : 'updated', {
        category_id: categoryId,
        questions: [...walkQuestions(body.form)].length,
      });
      return id;
    });
  }

  return {
    /** One page of the organisation's forms, most recently changed first. */
    async list(actor: Actor, query: QuestionnaireListQuery): Promise<QuestionnaireList> {
      const { rows, total } = await listForms(ctx.db, actor.organisationId, query);
      return {
        data: rows.map((row) => ({
          id: row.id,
          category_id: row.category_id,
          category_name: row.category_name,
          first_question: row.first_question ?? '',
          question_count: Number(row.question_count ?? 0),
          created_by: [row.first_name, row.last_name].filter(Boolean).join(' '),
          updated_at: row.updated_at,
        })),
        page: pageInfoOf(query, total),
      };
    },

    /** The form's top-level questions with everything below them, else 404. */
    async get(actor: Actor, formId: number): Promise<QuestionView[]> {
      if (!(await findForm(ctx.db, actor.organisationId, formId))) throw notFound();
      const rows = await questionsOfForm(ctx.db, actor.organisationId, formId);
      return questionViews(
        ctx.db,
        actor.organisationId,
        rows.filter((row) => row.parent_branch_id === null),
      );
    },

    /** A new form of the caller's organisation, saved whole or not at all. */
    async create(actor: Actor, body: QuestionnaireBody): Promise<QuestionnaireSaved> {
      const id = await save(actor, null, body);
      return { detail: M.formAdded, id };
    },

    /** The form now holds exactly `body.form` (questions sent with their id keep it). */
    async update(actor: Actor, formId: number, body: QuestionnaireBody): Promise<DetailResponse> {
      await save(actor, formId, body);
      return { detail: M.updated };
    },

    /** The form and its questions are gone (branches of other forms that reused them lose their question). */
    async remove(actor: Actor, formId: number): Promise<DetailResponse> {
      if (!can(actor, 'questionnaires.questions.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        if (!(await deleteForm(tx.db, actor.organisationId, formId))) throw notFound();
        await auditService(tx).record(auditActor(actor), 'questionnaire', formId, 'deleted');
        return { detail: M.questionnaireDeleted };
      });
    },

    /** Every question of the category (any depth), for the conditional picker; 404 for an unknown category. */
    async ofCategory(actor: Actor, categoryId: number): Promise<{ data: QuestionView[] }> {
      if (!(await findCategory(ctx.db, actor.organisationId, categoryId))) throw notFound();
      const rows = await questionsOfCategories(ctx.db, actor.organisationId, [categoryId]);
      return { data: await questionViews(ctx.db, actor.organisationId, rows) };
    },

    /**
     * For other modules (templates, executions): the top-level questions of the categories, each with its
     * branches, child and reused questions and tags, ordered by form and position.
     */
    async questionsOfCategories(organisationId: number, categoryIds: readonly number[]): Promise<QuestionView[]> {
      const rows = await questionsOfCategories(ctx.db, organisationId, categoryIds);
      return questionViews(
        ctx.db,
        organisationId,
        rows.filter((row) => row.parent_branch_id === null),
      );
    },

    /** For other modules: of `questionIds`, the Multiple Choice questions that take one answer, by id → text. */
    async oneAnswerQuestions(organisationId: number, questionIds: readonly number[]): Promise<Map<number, string>> {
      const rows = await oneAnswerQuestions(ctx.db, organisationId, questionIds);
      return new Map(rows.map((row) => [row.id, row.question_text]));
    },

    /**
     * For other modules: every tag of the organisation's questions (all, or those of some categories), with
     * the question, form and category writing it. A tag may be written by several questions.
     */
    async tags(organisationId: number, categoryIds?: readonly number[]): Promise<TagUse[]> {
      return tagUses(ctx.db, organisationId, categoryIds);
    },
  };
}

export type { TagUse };
