/** Constants of the questionnaire builder (spec 02 §5, §9) and our own caps where the spec is silent. */
export const QUESTIONNAIRE_LIMITS = {
  questionText: 5000,
  /** Enforced limit of a multiple-choice option name; the field itself takes up to `optionField`. */
  optionName: 250,
  optionField: 5000,
  tag: 254,
  categoryName: 254,
  /** Rich text (descriptions, yes/no and option texts), as HTML. */
  richText: 100_000,
  /**
   * Levels of conditional branches: a top-level question (depth 0) may branch, its children (depth 1) and
   * grandchildren (depth 2) may branch too; a question at depth 3 may not.
   */
  maxConditionalDepth: 3,
  /** Caps that keep one request reasonable. */
  questionsPerList: 200,
  entriesPerList: 100,
  branchesPerQuestion: 50,
  /** Fields of one repeating group, and the items a user may add to one. */
  groupFields: 20,
  groupItems: 100,
  documentTypeName: 254,
  documentTypeDescription: 2000,
} as const;

export const QUESTIONS_PER_EXECUTION_PAGE = 5;
export const QUESTIONNAIRE_REDIRECT_MS = 1_500;

/** What a tag may look like: the placeholder names a template can use ({{ client_name }}). */
export const TAG_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_.-]*$/u;
