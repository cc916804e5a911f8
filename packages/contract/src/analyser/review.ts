import { z } from 'zod';
import { idParam, pageInfo } from '../common.ts';
import { PAGE_SIZES } from '../limits.ts';
import { reviewMessages as m } from './review-messages.ts';

/**
 * The review (spec 03 §2.5, issue 13; docs/analyser.md "Review and saved searches"): a concept list, or some
 * of its heads, counted over cases or single documents the caller may open. Every run lives in memory for
 * 60 minutes under a run id (progress, cancel, export, save); a small one answers finished at once.
 */
export const REVIEW_LIMITS = {
  /** Documents in one review (cases expanded). */
  documents: 5_000,
  cases: 100,
  /** A run at or under this many documents is counted in the request and answers `done`. */
  directDocuments: 50,
  /** Runs counting at once per user. */
  runningPerUser: 2,
  /** Finished runs are kept this long (progress, export, save), then forgotten. */
  runTtlMinutes: 60,
  /** Above this many documents the web shows 'Please wait, the download will begin shortly' (spec 03 §9). */
  downloadNoticeAbove: 35,
  /** Keyword-in-context rows per page. */
  contextPageMax: 200,
} as const;

/**
 * Context horizon in words (spec 03 §9: default 5, options not shown; spec 01 §9: 5, 10, 20, 30 (value 35),
 * 40, 50). The option labelled 30 sends 35 in the original product; we accept 35 as 30 (docs/analyser.md).
 */
export const HORIZON_OPTIONS = [5, 10, 20, 30, 40, 50] as const;
export const DEFAULT_HORIZON_WORDS = 5;
export const horizonParam = z.coerce
  .number({ error: m.invalidHorizon })
  .int(m.invalidHorizon)
  .transform((n) => (n === 35 ? 30 : n))
  .refine((n) => (HORIZON_OPTIONS as readonly number[]).includes(n), m.invalidHorizon)
  .default(DEFAULT_HORIZON_WORDS);

const ids = (max: number, message: string) => z.array(idParam).max(max, message);

/**
 * POST solr-search/review/: a concept list (all heads, or `concept_ids` of it) over cases (every document
 * of each the caller may open) and single documents. At least one case or document.
 */
export const reviewBody = z
  .object({
    concept_list_id: idParam.optional(),
    concept_ids: ids(500, m.headsNotInList).optional(),
    case_ids: ids(REVIEW_LIMITS.cases, m.tooManyCases(REVIEW_LIMITS.cases)).default([]),
    document_ids: ids(REVIEW_LIMITS.documents, m.tooManyDocuments(REVIEW_LIMITS.documents)).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.concept_list_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['concept_list_id'], message: m.selectConceptList });
    if (body.case_ids.length === 0 && body.document_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['case_ids'], message: m.selectDocuments });
  })
  .transform((body) => ({ ...body, concept_list_id: body.concept_list_id as number }));
export type ReviewBody = z.infer<typeof reviewBody>;
export type ReviewBodyInput = z.input<typeof reviewBody>;

/** A head of the reviewed list: the description and amendments icons read `definition` and `amendments_count`. */
export const reviewHead = z.object({
  concept_id: z.number().int(),
  head: z.string(),
  definition: z.string(),
  amendments_count: z.number().int(),
  /** The head's terms then phrases, in the order stored. */
  terms: z.array(z.string()),
});
export type ReviewHead = z.infer<typeof reviewHead>;

export const reviewTermCount = z.object({ term: z.string(), count: z.number().int() });
/** A head's figures in one document: its total and each term with a count above 0. */
export const reviewConceptCount = z.object({
  concept_id: z.number().int(),
  head: z.string(),
  count: z.number().int(),
  terms: z.array(reviewTermCount),
});
export type ReviewConceptCount = z.infer<typeof reviewConceptCount>;

/** A reviewed document (search result of spec 03 §3): heads with a count above 0 only. */
export const reviewDocument = z.object({
  doc_id: z.number().int(),
  document: z.string(),
  /** Words in the document. */
  doc_length: z.number().int(),
  casetask_id: z.number().int(),
  case_name: z.string(),
  client: z.string(),
  parties_count: z.number().int(),
  /** False while its text is still being read (it counts 0 until then; a re-run counts it). */
  indexed: z.boolean(),
  concepts: z.array(reviewConceptCount),
});
export type ReviewDocument = z.infer<typeof reviewDocument>;

/** The inputs of a review as run: the list's version, the heads, cases and documents (names kept for display). */
export const reviewInputs = z.object({
  concept_list: z.object({ concept_list_id: z.number().int(), concept_list: z.string(), version: z.number().int() }),
  /** Heads chosen; empty = every head of the list. */
  concept_ids: z.array(z.number().int()),
  cases: z.array(z.object({ id: z.number().int(), title: z.string() })),
  documents: z.array(z.object({ id: z.number().int(), name: z.string(), case_id: z.number().int() })),
});
export type ReviewInputs = z.infer<typeof reviewInputs>;

export const reviewResult = z.object({
  inputs: reviewInputs,
  /** More than one document: the multiple-mode table (case name, client, parties, document, concept, count). */
  multiple: z.boolean(),
  heads: z.array(reviewHead),
  /** Every reviewed document, also those without a hit. */
  results: z.array(reviewDocument),
  /** Per head over all documents. */
  totals: z.array(z.object({ concept_id: z.number().int(), count: z.number().int(), documents: z.number().int() })),
  counted_at: z.string(),
});
export type ReviewResult = z.infer<typeof reviewResult>;

export const REVIEW_RUN_STATES = ['running', 'done', 'cancelled', 'failed'] as const;
/** POST, GET and DELETE solr-search/review/: a run, with its result once `done`. */
export const reviewRun = z.object({
  run_id: z.string(),
  status: z.enum(REVIEW_RUN_STATES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Set when failed or cancelled. */
  detail: z.string().nullable(),
  result: reviewResult.nullable(),
});
export type ReviewRun = z.infer<typeof reviewRun>;
export const reviewRunParams = z.object({ run_id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });

/**
 * GET solr-search/horizon/?conceptID&documentUID&term&horizon&page_no&limits: the hits of a head (all its
 * terms, term by term, each in text order) or of one `term` in one document, `horizon` words either side.
 * The number of rows equals the count.
 */
export const horizonQuery = z.object({
  conceptID: idParam,
  documentUID: idParam,
  casetask_id: idParam.optional(),
  term: z.string().trim().max(10_000).optional(),
  horizon: horizonParam,
  page_no: z.coerce.number().int().min(1).default(1),
  limits: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n) && n <= REVIEW_LIMITS.contextPageMax, {
      message: `limits must be one of ${PAGE_SIZES.filter((n) => n <= REVIEW_LIMITS.contextPageMax).join(', ')}`,
    })
    .default(10),
});
export type HorizonQuery = z.infer<typeof horizonQuery>;

export const contextRow = z.object({
  /** Word position of the hit in the document (the viewer scrolls to `start`). */
  position: z.number().int(),
  /** 1-based number of this hit of its term in the document. */
  occurrence: z.number().int(),
  term: z.string(),
  left: z.string(),
  keyword: z.string(),
  right: z.string(),
  /** Character offsets of the keyword in the document's text. */
  start: z.number().int(),
  end: z.number().int(),
  /** left + keyword + right, what "copy text" copies. */
  sentence: z.string(),
});
export type ContextRow = z.infer<typeof contextRow>;
export const contextPage = z.object({
  data: z.array(contextRow),
  page: pageInfo,
  horizon: z.number().int(),
  concept_id: z.number().int(),
  doc_id: z.number().int(),
});
export type ContextPage = z.infer<typeof contextPage>;

/** POST solr-search/feedback/: like (true), dislike (false) or comment only (null) on a hit; lands in the head's response log. */
export const hitFeedbackBody = z.object({
  concept_id: idParam,
  document_id: idParam,
  term: z.string().trim().min(1, m.termRequired).max(200),
  thumbs_up: z.boolean().nullable(),
  comments: z.string().trim().max(2_000).default(''),
});
export type HitFeedbackBody = z.infer<typeof hitFeedbackBody>;
export const hitFeedbackResponse = z.object({ detail: z.string(), id: z.number().int() });

/** GET case/document/parties/{caseTaskId}/: the parties of the document's case; empty → `detail` is the §5 message. */
export const partiesParams = z.object({ caseTaskId: idParam });
export const partiesResponse = z.object({ parties: z.array(z.string()), detail: z.string().nullable() });
export type PartiesResponse = z.infer<typeof partiesResponse>;

/** GET solr/export-result/?run_id | saved_search_id&format: the results as .xlsx or .csv (a file download). */
export const exportResultQuery = z
  .object({
    run_id: reviewRunParams.shape.run_id.optional(),
    saved_search_id: idParam.optional(),
    multiple: z.string().optional(),
    format: z.enum(['xlsx', 'csv']).default('xlsx'),
  })
  .refine((q) => (q.run_id === undefined) !== (q.saved_search_id === undefined), {
    message: 'Give either run_id or saved_search_id',
    path: ['run_id'],
  });
export type ExportResultQuery = z.infer<typeof exportResultQuery>;
/** Columns of the export, in order (one row per document, head and term with a count above 0). */
export const REVIEW_EXPORT_COLUMNS = ['Case', 'Client', 'Parties', 'Document', 'Concept', 'Term', 'Count'] as const;
