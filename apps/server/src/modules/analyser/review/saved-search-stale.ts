import { reviewMessages as m, type ReviewResult, type SavedSearchDetail } from '@lexdesk/contract';
import { dialectOf } from '../../../db/dialect.ts';
import type { Actor } from '../../../platform/access/actor.ts';
import type { AppContext } from '../../../platform/context.ts';
import { documentsForReview } from '../../documents/index.ts';
import { findVisibleList, headsOf } from '../concept-lists.repo.ts';
import { viewerOf } from '../concept-viewer.ts';
import { partsOf } from './saved-searches.repo.ts';

/**
 * Why a saved review's figures may no longer match (docs/analyser.md): the list changed (a newer version)
 * or is gone, heads of it are gone, documents were deleted or can no longer be opened, its cases have new
 * documents, or a document was indexed again since.
 */
export async function staleReasons(
  ctx: AppContext,
  actor: Actor,
  saved: { id: number; concept_list_id: number | null; concept_list_version: number; document_count: number },
  result: ReviewResult,
): Promise<{ stale: SavedSearchDetail['stale']; openable: number[] }> {
  const stale: SavedSearchDetail['stale'] = [];
  const list =
    saved.concept_list_id === null ? undefined : await findVisibleList(ctx.db, viewerOf(actor), saved.concept_list_id);
  if (!list) stale.push({ reason: 'list_deleted', detail: m.staleListDeleted });
  else {
    if (list.version !== saved.concept_list_version) stale.push({ reason: 'list_changed', detail: m.staleListChanged });
    const headIds = new Set((await headsOf(ctx.db, list)).map((head) => head.id));
    if (result.heads.some((head) => !headIds.has(head.concept_id)))
      stale.push({ reason: 'heads_removed', detail: m.staleHeadsRemoved });
  }
  const parts = await partsOf(ctx.db, dialectOf(ctx), actor.organisationId, [saved.id]);
  const savedDocuments = parts.documents.get(saved.id) ?? [];
  const caseIds = (parts.cases.get(saved.id) ?? []).map((c) => c.case_id);
  const now = await documentsForReview(ctx, actor, {
    caseIds,
    documentIds: savedDocuments.map((doc) => doc.document_id),
  });
  const nowById = new Map(now.map((doc) => [doc.id, doc]));
  const savedIds = new Set(savedDocuments.map((doc) => doc.document_id));
  const openable = savedDocuments.filter((doc) => nowById.has(doc.document_id)).map((doc) => doc.document_id);
  if (openable.length < saved.document_count)
    stale.push({ reason: 'documents_removed', detail: m.staleDocumentsRemoved });
  if (now.some((doc) => !savedIds.has(doc.id)))
    stale.push({ reason: 'documents_added', detail: m.staleDocumentsAdded });
  if (
    savedDocuments.some(
      (doc) => nowById.has(doc.document_id) && nowById.get(doc.document_id)?.indexed_at !== doc.indexed_at,
    )
  )
    stale.push({ reason: 'documents_changed', detail: m.staleDocumentsChanged });
  return { stale, openable };
}
