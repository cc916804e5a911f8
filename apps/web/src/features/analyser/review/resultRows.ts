import type { ReviewConceptCount, ReviewDocument, ReviewHead, ReviewResult } from '@lexdesk/contract';

/** A row of the one-document table: a term of a head with its count. */
export interface TermRow {
  key: string;
  doc: ReviewDocument;
  head: ReviewHead;
  concept: ReviewConceptCount;
  term: string;
  count: number;
}

/** A row of the multiple-mode table: a head's total in one document. */
export interface DocumentConceptRow {
  key: string;
  doc: ReviewDocument;
  head: ReviewHead;
  concept: ReviewConceptCount;
}

const headOf = (result: ReviewResult, concept: ReviewConceptCount): ReviewHead =>
  result.heads.find((h) => h.concept_id === concept.concept_id) ?? {
    concept_id: concept.concept_id,
    head: concept.head,
    definition: '',
    amendments_count: 0,
    terms: concept.terms.map((t) => t.term),
  };

/** Every term with a count of every head, in the heads' order, for the one-document table. */
export function termRows(result: ReviewResult): TermRow[] {
  return result.results.flatMap((doc) =>
    doc.concepts.flatMap((concept) =>
      concept.terms
        .filter((t) => t.count > 0)
        .map((t) => ({
          key: `${doc.doc_id}-${concept.concept_id}-${t.term}`,
          doc,
          head: headOf(result, concept),
          concept,
          term: t.term,
          count: t.count,
        })),
    ),
  );
}

/** Every head with a count in every document, documents in the run's order, for the multiple-mode table. */
export function documentConceptRows(result: ReviewResult): DocumentConceptRow[] {
  return result.results.flatMap((doc) =>
    doc.concepts
      .filter((c) => c.count > 0)
      .map((concept) => ({ key: `${doc.doc_id}-${concept.concept_id}`, doc, head: headOf(result, concept), concept })),
  );
}
