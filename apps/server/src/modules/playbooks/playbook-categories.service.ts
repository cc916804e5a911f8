import {
  playbookMessages as M,
  type PlaybookCategoryBody,
  type PlaybookCategoryList,
  type PlaybookCategorySaved,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors/http-error.ts';
import {
  categoriesByIds,
  findCategoryByName,
  insertCategory,
  listCategories,
  renameCategory,
} from './playbooks.repo.ts';

const exists = () => conflict(M.categoryExists, { name: M.categoryExists });

/** Ids of the organisation's categories by lower-cased name; missing ones are created (duplicates, imports). */
export async function categoryIdsByName(
  tx: AppContext,
  organisationId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (ids.has(key)) continue;
    const found = await findCategoryByName(tx.db, organisationId, key);
    ids.set(key, found?.id ?? (await insertCategory(tx.db, organisationId, name, nowIso(tx))));
  }
  return ids;
}

/** The organisation's playbook categories (GET and POST playbook-category/, PUT playbook-category/{id}/). */
export function playbookCategoriesService(ctx: AppContext) {
  return {
    async list(actor: Actor): Promise<PlaybookCategoryList> {
      return { data: await listCategories(ctx.db, actor.organisationId) };
    },

    async create(actor: Actor, body: PlaybookCategoryBody): Promise<PlaybookCategorySaved> {
      return inTransaction(ctx, async (tx) => {
        if (await findCategoryByName(tx.db, actor.organisationId, body.name.toLowerCase())) throw exists();
        const id = await insertCategory(tx.db, actor.organisationId, body.name, nowIso(tx));
        await auditService(tx).record(actor, 'playbook_category', id, 'created');
        return { detail: M.categoryAdded, category: { id, name: body.name } };
      });
    },

    async rename(actor: Actor, id: number, body: PlaybookCategoryBody): Promise<PlaybookCategorySaved> {
      return inTransaction(ctx, async (tx) => {
        const [category] = await categoriesByIds(tx.db, actor.organisationId, [id]);
        if (!category) throw notFound();
        const same = await findCategoryByName(tx.db, actor.organisationId, body.name.toLowerCase());
        if (same && same.id !== id) throw exists();
        await renameCategory(tx.db, actor.organisationId, id, body.name);
        await auditService(tx).record(actor, 'playbook_category', id, 'updated', { fields: ['name'] });
        return { detail: M.categoryUpdated, category: { id, name: body.name } };
      });
    },
  };
}
