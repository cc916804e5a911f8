import {
  can,
  questionnaireMessages as M,
  type Category,
  type CategoryCreateBody,
  type CategorySaved,
  type CategoryUpdateBody,
  type DetailResponse,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import {
  categoriesByIds,
  deleteCategory,
  findCategory,
  findCategoryByKey,
  insertCategory,
  listCategories,
  renameCategory,
} from './categories.repo.ts';

const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });
const categoryOf = (row: { id: number; name: string }): Category => ({ category_id: row.id, category_name: row.name });

/** Question categories of the caller's organisation (spec 02 §7 category/…). Names are unique per organisation. */
export function categoriesService(ctx: AppContext) {
  return {
    /** Every category of the organisation, by name. */
    async list(actor: Actor): Promise<{ data: Category[] }> {
      const rows = await listCategories(ctx.db, actor.organisationId);
      return { data: rows.map(categoryOf) };
    },

    /** One category of the organisation, else 404. */
    async get(actor: Actor, id: number): Promise<Category> {
      const row = await findCategory(ctx.db, actor.organisationId, id);
      if (!row) throw notFound();
      return categoryOf(row);
    },

    /** The category is created (names are compared without case), or 409. */
    async create(actor: Actor, body: CategoryCreateBody): Promise<CategorySaved> {
      if (!can(actor, 'questionnaires.categories.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        if (await findCategoryByKey(tx.db, actor.organisationId, body.name.toLowerCase())) {
          throw conflict(M.categoryExists, { name: M.categoryExists });
        }
        const now = nowIso(tx);
        const id = await insertCategory(tx.db, {
          organisation_id: actor.organisationId,
          name: body.name,
          name_key: body.name.toLowerCase(),
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
        await auditService(tx).record(auditActor(actor), 'question_category', id, 'created');
        return { detail: M.categoryAdded, category_id: id, category_name: body.name };
      });
    },

    /** The category is renamed, or 404 / 409. */
    async update(actor: Actor, id: number, body: CategoryUpdateBody): Promise<CategorySaved> {
      if (!can(actor, 'questionnaires.categories.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        const existing = await findCategory(tx.db, actor.organisationId, id);
        if (!existing) throw notFound();
        const clash = await findCategoryByKey(tx.db, actor.organisationId, body.name.toLowerCase());
        if (clash && clash.id !== id) throw conflict(M.categoryExists, { name: M.categoryExists });
        await renameCategory(tx.db, actor.organisationId, id, body.name, nowIso(tx));
        await auditService(tx).record(auditActor(actor), 'question_category', id, 'updated', { fields: ['name'] });
        return { detail: M.categoryUpdated, category_id: id, category_name: body.name };
      });
    },

    /** The category is gone; its questions and forms stay, without a category (spec 02 §7). */
    async remove(actor: Actor, id: number): Promise<DetailResponse> {
      if (!can(actor, 'questionnaires.categories.write')) throw forbidden();
      return inTransaction(ctx, async (tx) => {
        const existing = await findCategory(tx.db, actor.organisationId, id);
        if (!existing || !(await deleteCategory(tx.db, actor.organisationId, id))) throw notFound();
        await auditService(tx).record(auditActor(actor), 'question_category', id, 'deleted');
        return { detail: M.categoryDeleted };
      });
    },

    /** For other modules (templates): the organisation's categories among `ids`, by id. */
    async byIds(organisationId: number, ids: readonly number[]): Promise<Category[]> {
      return (await categoriesByIds(ctx.db, organisationId, ids)).map(categoryOf);
    },
  };
}
