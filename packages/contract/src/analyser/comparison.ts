import { z } from 'zod';

/**
 * Document comparison (issue 13, route /queries/document/comparision; docs/analyser.md "Document
 * comparison"). The spec names the screen only: the calls, limits and messages here are designed.
 */
export const COMPARISON_LIMITS = {
  /** Characters of extracted text per document; a longer one answers 413 (a diff that large would not be read). */
  maxChars: 1_000_000,
} as const;

export const comparisonMessages = {
  leftRequired: 'Please select the first document',
  rightRequired: 'Please select the second document',
  sameDocument: 'Please select two different documents',
  notReady: (name: string) =>
    `The text of ${name} is not ready yet (it is still being indexed, or could not be read). Try again once it shows as Indexed.`,
  tooLarge: (name: string, chars: number) =>
    `${name} is too long to compare: ${chars.toLocaleString('en-US')} characters of text, and at most ${COMPARISON_LIMITS.maxChars.toLocaleString('en-US')} can be compared. Compare shorter documents or parts of them.`,
  tooSlow: 'These documents took too long to compare. Compare shorter documents or parts of them.',
  noCaseAccess: 'Comparing documents needs access to cases. Ask your admin to turn on the Case module for you.',
  selectCase: 'Please select a case',
  selectDocument: 'Please select a document',
  exported: 'The redline will download shortly',
} as const;

const documentId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST analyser/compare/: two documents (left = the earlier text) and, optionally, a concept list to count. */
export const comparisonRequest = z
  .object({
    left_document_id: documentId(comparisonMessages.leftRequired),
    right_document_id: documentId(comparisonMessages.rightRequired),
    concept_list_id: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
  })
  .refine((body) => body.left_document_id !== body.right_document_id, {
    message: comparisonMessages.sameDocument,
    path: ['right_document_id'],
  });
export type ComparisonRequest = z.infer<typeof comparisonRequest>;

/** GET analyser/compare/export/?left=&right=: the redline as a .docx with tracked changes. */
export const comparisonExportQuery = z
  .object({ left: documentId(comparisonMessages.leftRequired), right: documentId(comparisonMessages.rightRequired) })
  .refine((query) => query.left !== query.right, { message: comparisonMessages.sameDocument, path: ['right'] });
export type ComparisonExportQuery = z.infer<typeof comparisonExportQuery>;

export const REDLINE_KINDS = ['equal', 'insert', 'delete'] as const;

/** A run of the redline: equal text, text only the right has (insert) or only the left has (delete). */
export const redlineSegment = z.object({
  kind: z.enum(REDLINE_KINDS),
  text: z.string(),
  /** The same number on a delete and an insert: one block moved (same words, elsewhere). */
  move: z.number().int().optional(),
});
export type RedlineSegment = z.infer<typeof redlineSegment>;

export const redlineStats = z.object({
  equal_words: z.number().int(),
  inserted_words: z.number().int(),
  deleted_words: z.number().int(),
  moved_blocks: z.number().int(),
});

export const redlineResult = z.object({
  /** 'word' normally; 'line' when the texts differ so much that whole lines were compared (then refined). */
  granularity: z.enum(['word', 'line']),
  segments: z.array(redlineSegment),
  stats: redlineStats,
});
export type RedlineResult = z.infer<typeof redlineResult>;

export const comparedDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  case_id: z.number().int(),
  case_title: z.string(),
  word_count: z.number().int(),
});
export type ComparedDocument = z.infer<typeof comparedDocument>;

/** One head of the chosen list: its terms' and phrases' whole-word matches in each document. */
export const comparisonConceptRow = z.object({
  concept_id: z.number().int(),
  head: z.string(),
  left: z.number().int(),
  right: z.number().int(),
});
export type ComparisonConceptRow = z.infer<typeof comparisonConceptRow>;

export const comparisonResponse = z.object({
  left: comparedDocument,
  right: comparedDocument,
  redline: redlineResult,
  concepts: z.object({
    concept_list_id: z.number().int().nullable(),
    concept_list: z.string().nullable(),
    rows: z.array(comparisonConceptRow),
  }),
});
export type ComparisonResponse = z.infer<typeof comparisonResponse>;
