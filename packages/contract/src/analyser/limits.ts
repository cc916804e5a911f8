/** Constants of the document analyser (spec 03 §9) and our own caps where the spec is silent. */
export const ANALYSER_LIMITS = {
  listName: 200,
  head: 200,
  /** A head's definition, rich text as HTML. */
  definition: 100_000,
  /** A head's terms or its phrases, joined with ' | '. */
  termsText: 10_000,
  headsPerList: 500,
  clause: 10_000,
  description: 10_000,
  example: 10_000,
  suggestion: 10_000,
  partsPerParent: 100,
  amendment: 20_000,
  feedbackComment: 2_000,
  importBytes: 5 * 1024 * 1024,
  /** Ids in one query string (copy, details). */
  idsPerQuery: 500,
} as const;

/** Copy Concept cuts terms at 90 characters (full text on hover); the response log cuts comments at 100. */
export const COPY_TERMS_CUT = 90;
export const FEEDBACK_COMMENT_CUT = 100;
/** After a save the page returns to /concept-repo: 1.5 s after a list edit, 2.5 s after a head edit or create. */
export const CONCEPT_LIST_REDIRECT_MS = 1_500;
export const CONCEPT_HEAD_REDIRECT_MS = 2_500;
/** Separator of terms and of phrases in a head and in a draft line. */
export const TERM_SEPARATOR = ' | ';
/** Amendment types; Text is the default (spec 03 §3, §9). */
export const AMENDMENT_TYPES = ['Text', 'Clause', 'Note'] as const;
export type AmendmentType = (typeof AMENDMENT_TYPES)[number];
