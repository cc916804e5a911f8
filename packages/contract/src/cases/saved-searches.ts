import { z } from 'zod';
import { paged } from '../common.ts';
import { CASE_SEARCH_MAX } from './cases.ts';
import { savedSearchMessages } from './messages.ts';

/** A saved search's name: the words searched for unless the user names it. */
export const SAVED_SEARCH_NAME_MAX = 200;

/**
 * POST case/{case_id}/saved-searches/: keeps a words-in-documents search of the case (docs/cases.md).
 * `terms` is the search as typed ("quoted words" = a phrase); a blank `name` becomes the terms.
 */
export const savedSearchBody = z.object({
  terms: z
    .string({ error: savedSearchMessages.termsRequired })
    .trim()
    .min(1, savedSearchMessages.termsRequired)
    .max(CASE_SEARCH_MAX, savedSearchMessages.termsTooLong),
  name: z.string().trim().max(SAVED_SEARCH_NAME_MAX, savedSearchMessages.nameTooLong).default(''),
});
export type SavedSearchBody = z.infer<typeof savedSearchBody>;
export type SavedSearchBodyInput = z.input<typeof savedSearchBody>;

export const savedSearchRow = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  name: z.string(),
  terms: z.string(),
  saved_by: z.string(),
  created_at: z.string(),
  actions: z.object({ run: z.boolean(), delete: z.boolean() }),
});
export type SavedSearchRow = z.infer<typeof savedSearchRow>;
export const savedSearchListResponse = paged(savedSearchRow);
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponse>;
