import {
  REVIEW_LIMITS,
  TERM_SEPARATOR,
  reviewMessages as m,
  type ReviewBody,
  type ReviewHead,
  type ReviewInputs,
} from '@lexdesk/contract';
import type { Actor } from '../../../platform/access/actor.ts';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest, notFound } from '../../../platform/errors/http-error.ts';
import { caseSummaries, type CaseSummary } from '../../cases/index.ts';
import { documentsForReview, type ReviewableDocument } from '../../documents/index.ts';
import { findVisibleList, headsOf, type ConceptHeadRecord, type ConceptListRecord } from '../concept-lists.repo.ts';
import { viewerOf } from '../concept-viewer.ts';
import { amendmentCounts } from './review.repo.ts';

/** Everything a review counts: the list and heads as they are now, and the documents the caller may open. */
export interface ResolvedReview {
  list: ConceptListRecord;
  heads: ReviewHead[];
  documents: ReviewableDocument[];
  cases: Map<number, CaseSummary>;
  inputs: ReviewInputs;
}

/** A head's terms then phrases, trimmed, without blanks or repeats (any case): what the review counts. */
export function termsOf(head: Pick<ConceptHeadRecord, 'terms' | 'phrases'>): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of [...head.terms.split(TERM_SEPARATOR.trim()), ...head.phrases.split(TERM_SEPARATOR.trim())]) {
    const text = term.trim().replace(/\s+/g, ' ');
    if (text === '' || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    terms.push(text);
  }
  return terms;
}

/**
 * Checks a review's inputs for `actor`: the list must be one they see (404), the heads of it (400), each case
 * and document of their organisation and openable by them (404: another organisation's id looks missing),
 * at least one document and at most REVIEW_LIMITS.documents.
 */
export async function resolveReview(ctx: AppContext, actor: Actor, body: ReviewBody): Promise<ResolvedReview> {
  const list = await findVisibleList(ctx.db, viewerOf(actor), body.concept_list_id);
  if (!list) throw notFound();
  const allHeads = await headsOf(ctx.db, list);
  const chosen = body.concept_ids && body.concept_ids.length > 0 ? new Set(body.concept_ids) : null;
  if (chosen && [...chosen].some((id) => !allHeads.some((head) => head.id === id)))
    throw badRequest(m.headsNotInList, { concept_ids: m.headsNotInList });
  const amendments = await amendmentCounts(ctx.db, list);
  const heads = allHeads
    .filter((head) => !chosen || chosen.has(head.id))
    .map((head) => ({
      concept_id: head.id,
      head: head.head,
      definition: head.definition,
      amendments_count: amendments.get(head.id) ?? 0,
      terms: termsOf(head),
    }));

  const caseIds = [...new Set(body.case_ids)];
  const documentIds = [...new Set(body.document_ids)];
  const documents = await documentsForReview(ctx, actor, { caseIds, documentIds });
  const found = new Set(documents.map((doc) => doc.id));
  if (documentIds.some((id) => !found.has(id))) throw notFound();
  const cases = await caseSummaries(ctx, actor.organisationId, [...caseIds, ...documents.map((doc) => doc.case_id)]);
  if (caseIds.some((id) => !cases.has(id))) throw notFound();
  if (documents.length === 0) throw badRequest(m.noDocumentsToReview, { case_ids: m.noDocumentsToReview });
  if (documents.length > REVIEW_LIMITS.documents) {
    const message = m.tooManyDocuments(REVIEW_LIMITS.documents);
    throw badRequest(message, { document_ids: message });
  }
  return {
    list,
    heads,
    documents,
    cases,
    inputs: {
      concept_list: { concept_list_id: list.id, concept_list: list.name, version: list.version },
      concept_ids: chosen ? heads.map((head) => head.concept_id) : [],
      cases: caseIds.map((id) => ({ id, title: cases.get(id)?.title ?? '' })),
      documents: documents.map((doc) => ({ id: doc.id, name: doc.name, case_id: doc.case_id })),
    },
  };
}
