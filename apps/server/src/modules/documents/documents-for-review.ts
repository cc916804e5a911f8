import { can } from '@lexdesk/contract';
import { idsIn, dialectOf } from '../../db/dialect.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { CASE_DOCUMENT_SOURCE } from './document-search.ts';

export interface ReviewableDocument {
  id: number;
  case_id: number;
  name: string;
  indexing_state: string;
  /** When its text was last indexed (null: not yet). */
  indexed_at: string | null;
  /** Words in its indexed text (0 until indexed). */
  word_count: number;
}

/**
 * The documents `actor` may open among the given cases' documents and the given document ids, in their
 * organisation, by case then name (the document analyser's review). Someone without the case documents
 * permission opens none. Ids of another organisation, or that do not exist, are simply absent.
 */
export async function documentsForReview(
  ctx: AppContext,
  actor: Actor,
  wanted: { caseIds: readonly number[]; documentIds: readonly number[] },
): Promise<ReviewableDocument[]> {
  if (!can(actor, 'case.documents.read')) return [];
  if (wanted.caseIds.length === 0 && wanted.documentIds.length === 0) return [];
  const dialect = dialectOf(ctx);
  const rows = await scoped(ctx.db, actor.organisationId)
    .selectFrom('documents as d')
    .leftJoin('search_sources as s', (join) =>
      join
        .onRef('s.source_id', '=', 'd.id')
        .on('s.source_kind', '=', CASE_DOCUMENT_SOURCE)
        .on('s.organisation_id', '=', actor.organisationId),
    )
    .select(['d.id', 'd.case_id', 'd.original_name as name', 'd.indexing_state', 'd.indexed_at', 's.word_count'])
    .where((eb) =>
      eb.or([
        ...(wanted.caseIds.length > 0 ? [idsIn(dialect, 'd.case_id', wanted.caseIds)] : []),
        ...(wanted.documentIds.length > 0 ? [idsIn(dialect, 'd.id', wanted.documentIds)] : []),
      ]),
    )
    .orderBy('d.case_id')
    .orderBy('d.original_name')
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({ ...row, word_count: Number(row.word_count ?? 0) }));
}
