import {
  can,
  reviewMessages as m,
  reviewResult,
  type AdvanceSearchOptions,
  type PageQuery,
  type ReviewResult,
  type ReviewRun,
  type ReviewSaveBody,
  type ReviewSearchList,
  type ReviewSearchPage,
  type ReviewSearchRow,
  type SavedSearchDetail,
  type SavedSearchKind,
} from '@lexdesk/contract';
import { dialectOf } from '../../../db/dialect.ts';
import type { Actor } from '../../../platform/access/actor.ts';
import { auditService } from '../../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../../platform/context.ts';
import { conflict, notFound } from '../../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../../platform/http/route-schemas.ts';
import {
  caseSearchForList,
  caseSearchTitles,
  caseSearchesForList,
  removeCaseSearch,
  type CaseSearchListRow,
} from '../../cases/index.ts';
import { documentsForReview } from '../../documents/index.ts';
import { auditActor } from '../concept-edit-target.ts';
import { findVisibleList, headsOf } from '../concept-lists.repo.ts';
import { viewerOf } from '../concept-viewer.ts';
import { reviewService } from './review.service.ts';
import {
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  pageSavedSearches,
  partsOf,
  suggestionNames,
  type SavedSearchFilter,
  type SavedSearchSummary,
  type SearchScope,
} from './saved-searches.repo.ts';
import { staleReasons } from './saved-search-stale.ts';

const personName = (row: { first_name: string | null; last_name: string | null; email: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? 'a deleted user');

function caseSearchRow(row: CaseSearchListRow): ReviewSearchRow {
  return {
    id: row.id,
    kind: 'case_search',
    multiple: false,
    concept_list: null,
    concept_list_id: null,
    case: [{ id: row.case_id, title: row.case_title }],
    documents: [],
    terms: row.terms,
    horizon: 5,
    timestamp: row.created_at,
    saved_by: row.saver,
    actions: { view: true, delete: true },
  };
}

/**
 * Saved searches (spec 03 §2.4-2.5; docs/analyser.md "Review and saved searches"): saved reviews with their
 * inputs and figures, listed with the case detail's saved searches. Super and admin see the organisation's,
 * a user their own; every role deletes what it sees (spec 03 §6).
 */
export function savedSearchesService(ctx: AppContext) {
  const reviews = reviewService(ctx);
  const dialect = dialectOf(ctx);
  const scopeOf = (actor: Actor): SearchScope => ({
    organisationId: actor.organisationId,
    onlyUserId: can(actor, 'analyser.savedSearches.readAny') ? null : actor.userId,
  });

  const reviewRows = async (actor: Actor, rows: readonly SavedSearchSummary[]): Promise<ReviewSearchRow[]> => {
    const parts = await partsOf(
      ctx.db,
      dialect,
      actor.organisationId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const documents = parts.documents.get(row.id) ?? [];
      const cases = new Map<number, string>();
      for (const c of parts.cases.get(row.id) ?? []) cases.set(c.case_id, c.title);
      for (const d of documents) if (!cases.has(d.case_id)) cases.set(d.case_id, d.case_title);
      return {
        id: row.id,
        kind: 'review',
        multiple: row.multiple === 1,
        concept_list: row.concept_list_name,
        concept_list_id: row.concept_list_id,
        case: [...cases.entries()].map(([id, title]) => ({ id, title })),
        documents: documents.map((d) => ({ id: d.document_id, name: d.name })),
        terms: null,
        horizon: row.horizon,
        timestamp: row.created_at,
        saved_by: personName(row),
        actions: { view: true, delete: true },
      };
    });
  };

  /** Both kinds merged newest first: each gives its first (offset + limit), so the page is exact. */
  const page = async (actor: Actor, query: PageQuery, filter: SavedSearchFilter): Promise<ReviewSearchPage> => {
    const upTo = query.page_no * query.limits;
    const own = await pageSavedSearches(ctx.db, scopeOf(actor), filter, upTo);
    const fromCases = await caseSearchesForList(ctx, actor, filter, upTo);
    const merged = [...(await reviewRows(actor, own.rows)), ...fromCases.rows.map(caseSearchRow)].sort(
      (a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id,
    );
    return {
      data: merged.slice((query.page_no - 1) * query.limits, upTo),
      page: pageInfoOf(query, own.total + fromCases.total),
    };
  };

  const suggestions = async (actor: Actor): Promise<AdvanceSearchOptions> => {
    const names = await suggestionNames(ctx.db, scopeOf(actor));
    const caseTitles = [...new Set([...names.cases, ...(await caseSearchTitles(ctx, actor))])].sort((a, b) =>
      a.localeCompare(b),
    );
    return {
      concept_lists: names.lists.map((name) => ({ concept_list__concept_name: name })),
      cases: caseTitles.map((title) => ({ case_id__title: title })),
      documents: names.documents.map((name) => ({ name })),
    };
  };

  const requireReview = async (actor: Actor, id: number) => {
    const row = await findSavedSearch(ctx.db, scopeOf(actor), id);
    if (!row) throw notFound();
    return row;
  };

  return {
    /** GET save-search/: a page with the Advance drop-down's suggestions. */
    async list(actor: Actor, query: PageQuery): Promise<ReviewSearchList> {
      return { ...(await page(actor, query, {})), ...(await suggestions(actor)) };
    },
    suggestions,
    /** The search box, or the advanced search (every given field must match). */
    filter: page,

    /** POST save-search/: saves a finished run's inputs and figures with the horizon in use. */
    async save(actor: Actor, body: ReviewSaveBody): Promise<ReviewSearchRow> {
      const result = reviews.resultOf(actor, body.run_id);
      // Documents deleted since the run are left out of the rows (the figures still name them).
      const current = await documentsForReview(ctx, actor, {
        caseIds: [],
        documentIds: result.results.map((doc) => doc.doc_id),
      });
      const now = new Map(current.map((doc) => [doc.id, doc]));
      const caseIds = new Set(current.map((doc) => doc.case_id));
      const id = await inTransaction(ctx, async (tx) => {
        const searchId = await insertSavedSearch(
          tx.db,
          {
            organisation_id: actor.organisationId,
            created_by: actor.userId,
            concept_list_id: result.inputs.concept_list.concept_list_id,
            concept_list_name: result.inputs.concept_list.concept_list,
            concept_list_version: result.inputs.concept_list.version,
            concept_ids: JSON.stringify(result.inputs.concept_ids),
            horizon: body.horizon,
            document_count: result.results.length,
            result: JSON.stringify(result),
            multiple: result.multiple ? 1 : 0,
            created_at: nowIso(tx),
          },
          result.inputs.cases.filter((c) => caseIds.has(c.id)).map((c) => ({ case_id: c.id, title: c.title })),
          result.results
            .filter((doc) => now.has(doc.doc_id))
            .map((doc) => ({
              document_id: doc.doc_id,
              case_id: doc.casetask_id,
              case_title: doc.case_name,
              name: doc.document,
              indexed_at: now.get(doc.doc_id)?.indexed_at ?? null,
            })),
        );
        await auditService(tx).record(auditActor(actor), 'review_search', searchId, 'created', {
          documents: result.results.length,
        });
        return searchId;
      });
      const [row] = await reviewRows(actor, [await requireReview(actor, id)]);
      if (!row) throw notFound();
      return row;
    },

    /** GET save-search/data/{id}/: inputs, saved figures and why they may be stale; a case search by its case. */
    async detail(actor: Actor, id: number, kind: SavedSearchKind): Promise<SavedSearchDetail> {
      if (kind === 'case_search') {
        const row = await caseSearchForList(ctx, actor, id);
        if (!row) throw notFound();
        return { row: caseSearchRow(row), inputs: null, result: null, stale: [], openable_document_ids: [] };
      }
      const saved = await requireReview(actor, id);
      const [row] = await reviewRows(actor, [saved]);
      if (!row) throw notFound();
      const result: ReviewResult = reviewResult.parse(JSON.parse(saved.result));
      const { stale, openable } = await staleReasons(ctx, actor, saved, result);
      return { row, inputs: result.inputs, result, stale, openable_document_ids: openable };
    },

    /** POST save-search/{id}/rerun/: the saved inputs on the list and documents as they are now. */
    async rerun(actor: Actor, id: number): Promise<ReviewRun> {
      const saved = await requireReview(actor, id);
      const result: ReviewResult = reviewResult.parse(JSON.parse(saved.result));
      const list =
        saved.concept_list_id === null
          ? undefined
          : await findVisibleList(ctx.db, viewerOf(actor), saved.concept_list_id);
      if (!list) throw conflict(m.staleListDeleted);
      const headIds = new Set((await headsOf(ctx.db, list)).map((head) => head.id));
      const chosen = result.inputs.concept_ids.filter((headId) => headIds.has(headId));
      if (result.inputs.concept_ids.length > 0 && chosen.length === 0) throw conflict(m.staleHeadsRemoved);
      const parts = await partsOf(ctx.db, dialect, actor.organisationId, [id]);
      const caseIds = (parts.cases.get(id) ?? []).map((c) => c.case_id);
      const stillOpen = await documentsForReview(ctx, actor, {
        caseIds: [],
        documentIds: (parts.documents.get(id) ?? []).map((d) => d.document_id),
      });
      return reviews.start(actor, {
        concept_list_id: list.id,
        concept_ids: chosen,
        case_ids: caseIds,
        document_ids: stillOpen.map((doc) => doc.id),
      });
    },

    /** DELETE save-search/?id&kind: every role, on the searches it sees. */
    async remove(actor: Actor, id: number, kind: SavedSearchKind): Promise<{ detail: string }> {
      if (kind === 'case_search') {
        if (!(await caseSearchForList(ctx, actor, id))) throw notFound();
        await removeCaseSearch(ctx, actor, id);
        return { detail: m.searchDeleted };
      }
      const saved = await requireReview(actor, id);
      await inTransaction(ctx, async (tx) => {
        await deleteSavedSearch(tx.db, actor.organisationId, saved.id);
        await auditService(tx).record(auditActor(actor), 'review_search', saved.id, 'deleted');
      });
      return { detail: m.searchDeleted };
    },
  };
}
