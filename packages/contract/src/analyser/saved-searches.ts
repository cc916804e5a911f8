import { z } from 'zod';
import { idParam, pageInfo, pageQuery } from '../common.ts';
import { reviewMessages as m } from './review-messages.ts';
import { horizonParam, reviewInputs, reviewResult, reviewRun } from './review.ts';

/**
 * Saved searches (spec 03 §2.4, §2.5, §7; docs/analyser.md "Review and saved searches"). Two kinds share the
 * list: `review` (a concept list's review, saved with its inputs and figures) and `case_search` (the case
 * detail's "save search" of words in a case's documents, kept by the cases module). Ids are per kind, so
 * every call naming one takes `kind` (default `review`).
 */
export const SAVED_SEARCH_KINDS = ['review', 'case_search'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];
export const savedSearchKind = z.enum(SAVED_SEARCH_KINDS).default('review');

/** POST save-search/: saves a finished run (its inputs and figures) with the horizon in use. */
export const reviewSaveBody = z.object({
  run_id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/),
  horizon: horizonParam,
});
export type ReviewSaveBody = z.infer<typeof reviewSaveBody>;

/** Why the saved figures may no longer match the documents and list as they are now. */
export const STALE_REASONS = [
  'list_changed',
  'list_deleted',
  'heads_removed',
  'documents_removed',
  'documents_added',
  'documents_changed',
] as const;
export type StaleReason = (typeof STALE_REASONS)[number];
export const staleReason = z.object({ reason: z.enum(STALE_REASONS), detail: z.string() });

/** A row of /save-search: columns Concept List, Case, Documents, Date/Time, View, Action. */
export const reviewSearchRow = z.object({
  id: z.number().int(),
  kind: z.enum(SAVED_SEARCH_KINDS),
  /** More than one document (the view opens the multiple-mode table). */
  multiple: z.boolean(),
  /** The list's name as saved; null for a case search. */
  concept_list: z.string().nullable(),
  concept_list_id: z.number().int().nullable(),
  case: z.array(z.object({ id: z.number().int().nullable(), title: z.string() })),
  documents: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })),
  /** The words of a case search; null for a review. */
  terms: z.string().nullable(),
  horizon: z.number().int(),
  timestamp: z.string(),
  saved_by: z.string(),
  actions: z.object({ view: z.boolean(), delete: z.boolean() }),
});
export type ReviewSearchRow = z.infer<typeof reviewSearchRow>;

/** Suggestions of the Advance drop-down (spec 03 §3 "Advance search options"), from the caller's saved searches. */
export const advanceSearchOptions = z.object({
  concept_lists: z.array(z.object({ concept_list__concept_name: z.string() })),
  cases: z.array(z.object({ case_id__title: z.string() })),
  documents: z.array(z.object({ name: z.string() })),
});
export type AdvanceSearchOptions = z.infer<typeof advanceSearchOptions>;

/** GET save-search/?page_no&limits: a page of every saved search the caller sees, newest first, with suggestions. */
export const reviewSearchList = z
  .object({ data: z.array(reviewSearchRow), page: pageInfo })
  .extend(advanceSearchOptions.shape);
export type ReviewSearchList = z.infer<typeof reviewSearchList>;
export const reviewSearchPage = z.object({ data: z.array(reviewSearchRow), page: pageInfo });
export type ReviewSearchPage = z.infer<typeof reviewSearchPage>;

/** GET save-search/filter/?search&page_no&limits: the search box (list, case, document names and a case search's words). */
export const savedSearchFilterQuery = pageQuery.extend({
  search: z.string().trim().max(200, m.searchTooLong).default(''),
});
/** POST save-search/filter/?page_no&limits: the advanced search; every given field must match (contains, any case). */
export const savedSearchAdvancedBody = z
  .object({
    case_title: z.string().trim().max(200, m.searchTooLong).default(''),
    document_name: z.string().trim().max(200, m.searchTooLong).default(''),
    conceptlist: z.string().trim().max(200, m.searchTooLong).default(''),
    page_no: z.coerce.number().int().min(1).optional(),
  })
  .refine((b) => b.case_title !== '' || b.document_name !== '' || b.conceptlist !== '', {
    message: m.searchFieldsEmpty,
    path: ['case_title'],
  });
export type SavedSearchAdvancedBody = z.infer<typeof savedSearchAdvancedBody>;
export type SavedSearchAdvancedInput = z.input<typeof savedSearchAdvancedBody>;

/** DELETE save-search/?id&kind (`multiple` of the original is accepted and ignored): every role (spec 03 §6). */
export const savedSearchDeleteQuery = z.object({ id: idParam, kind: savedSearchKind, multiple: z.string().optional() });
export const savedSearchDataParams = z.object({ id: idParam });
export const savedSearchDataQuery = z.object({ kind: savedSearchKind, multiple: z.string().optional() });

/**
 * GET save-search/data/{id}/?kind: a saved search to view (spec 03 §2.5). A review carries its inputs and
 * saved figures (`result`: what was counted then, documents since deleted included by name), whether they
 * may be stale and why; a case search carries its case and words (the web runs it on the case's documents).
 */
export const savedSearchDetail = z.object({
  row: reviewSearchRow,
  inputs: reviewInputs.nullable(),
  result: reviewResult.nullable(),
  stale: z.array(staleReason),
  /** Documents of the saved figures the caller can still open (keyword in context and the viewer work on these). */
  openable_document_ids: z.array(z.number().int()),
});
export type SavedSearchDetail = z.infer<typeof savedSearchDetail>;

/** POST save-search/{id}/rerun/: runs the saved inputs again on the list and documents as they are now. */
export const savedSearchRerunParams = savedSearchDataParams;
export const savedSearchRerunResponse = reviewRun;
