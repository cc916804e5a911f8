import type { ReviewDocument, ReviewResult } from '@lexdesk/contract';
import type { AppContext } from '../../../platform/context.ts';
import { documentSearch } from '../../documents/index.ts';
import type { ResolvedReview } from './review-inputs.ts';

/**
 * Counts a resolved review through the search index (one pass over each document's words for every term of
 * every head; docs/analyser.md "Review and saved searches"). A document not yet indexed counts 0 and says so.
 */
export async function countReview(
  ctx: AppContext,
  organisationId: number,
  review: ResolvedReview,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ReviewResult> {
  // Every distinct term once (heads may share one); each head reads its terms' columns.
  const termIndex = new Map<string, number>();
  for (const head of review.heads)
    for (const term of head.terms)
      if (!termIndex.has(term.toLowerCase())) termIndex.set(term.toLowerCase(), termIndex.size);
  const terms = [...termIndex.keys()];
  const counts = await documentSearch(ctx).countTerms(
    organisationId,
    review.documents.map((doc) => doc.id),
    terms,
    options,
  );

  const totals = new Map(review.heads.map((head) => [head.concept_id, { count: 0, documents: 0 }]));
  const results: ReviewDocument[] = review.documents.map((doc) => {
    const row = counts.get(doc.id);
    const theCase = review.cases.get(doc.case_id);
    const concepts = review.heads.flatMap((head) => {
      const perTerm = head.terms
        .map((term) => ({ term, count: row?.[termIndex.get(term.toLowerCase()) ?? -1] ?? 0 }))
        .filter((entry) => entry.count > 0);
      const count = perTerm.reduce((sum, entry) => sum + entry.count, 0);
      if (count === 0) return [];
      const total = totals.get(head.concept_id);
      if (total) {
        total.count += count;
        total.documents += 1;
      }
      return [{ concept_id: head.concept_id, head: head.head, count, terms: perTerm }];
    });
    return {
      doc_id: doc.id,
      document: doc.name,
      doc_length: doc.word_count,
      casetask_id: doc.case_id,
      case_name: theCase?.title ?? '',
      client: theCase?.client ?? '',
      parties_count: theCase?.parties.length ?? 0,
      indexed: row !== undefined,
      concepts,
    };
  });
  return {
    inputs: review.inputs,
    multiple: review.documents.length > 1,
    heads: review.heads,
    results,
    totals: [...totals.entries()].map(([concept_id, total]) => ({ concept_id, ...total })),
    counted_at: ctx.now().toISOString(),
  };
}
