import {
  can,
  savedSearchMessages,
  type PageQuery,
  type SavedSearchBody,
  type SavedSearchListResponse,
  type SavedSearchRow,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import {
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  savedSearchNamed,
  type SavedSearchData,
} from './case-saved-searches.repo.ts';
import { findCase } from './cases.repo.ts';

/** Super and admin delete any saved search; a plain user the ones they saved. */
function canDelete(actor: Actor, row: Pick<SavedSearchData, 'created_by_id'>): boolean {
  return can(actor, 'case.savedSearches.deleteAny') || row.created_by_id === actor.userId;
}

function toRow(row: SavedSearchData, actor: Actor): SavedSearchRow {
  const name = [row.saver_first, row.saver_last].filter(Boolean).join(' ') || (row.saver_email ?? '');
  return {
    id: row.id,
    case_id: row.case_id,
    name: row.name,
    terms: row.terms,
    saved_by: name,
    created_at: row.created_at,
    actions: { run: true, delete: canDelete(actor, row) },
  };
}

/**
 * Saved searches of a case (spec 01 §6 'save search', docs/cases.md): words-in-documents searches kept per
 * organisation and case. Every query is scoped to the actor's organisation; others' ids answer 404.
 */
export function caseSavedSearchesService(ctx: AppContext) {
  const requireCase = async (actor: Actor, caseId: number) => {
    const row = await findCase(ctx.db, actor.organisationId, caseId);
    if (!row) throw notFound();
    return row;
  };
  const requireSearch = async (actor: Actor, id: number) => {
    const row = await findSavedSearch(ctx.db, actor.organisationId, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    /** The case's saved searches, newest first; 404 for another organisation's case. */
    async list(actor: Actor, caseId: number, page: PageQuery): Promise<SavedSearchListResponse> {
      await requireCase(actor, caseId);
      const { rows, total } = await listSavedSearches(ctx.db, actor.organisationId, caseId, page);
      return { data: rows.map((row) => toRow(row, actor)), page: pageInfoOf(page, total) };
    },

    /** Saves a search of the case (a blank name becomes the terms); one name per case (409), audited on the case. */
    async save(actor: Actor, caseId: number, body: SavedSearchBody): Promise<SavedSearchRow> {
      await requireCase(actor, caseId);
      const name = body.name || body.terms;
      const id = await inTransaction(ctx, async (tx) => {
        if (await savedSearchNamed(tx.db, actor.organisationId, caseId, name))
          throw conflict(savedSearchMessages.duplicate, { name: savedSearchMessages.duplicate });
        const searchId = await insertSavedSearch(tx.db, {
          organisation_id: actor.organisationId,
          case_id: caseId,
          name,
          terms: body.terms,
          created_by_id: actor.userId,
          created_at: nowIso(tx),
        });
        await auditService(tx).record(actor, 'case', caseId, 'search.saved', {
          saved_search_id: searchId,
        });
        return searchId;
      });
      return toRow(await requireSearch(actor, id), actor);
    },

    /** Deletes a saved search (super and admin any; a plain user their own: 403 otherwise). */
    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      const row = await requireSearch(actor, id);
      if (!canDelete(actor, row)) throw forbidden(savedSearchMessages.ownOnly);
      await inTransaction(ctx, async (tx) => {
        await deleteSavedSearch(tx.db, actor.organisationId, id);
        await auditService(tx).record(actor, 'case', row.case_id, 'search.deleted', {
          saved_search_id: id,
        });
      });
      return { detail: savedSearchMessages.deleted(row.name) };
    },
  };
}
