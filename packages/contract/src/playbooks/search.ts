import { z } from 'zod';
import { idParam, pageQuery } from '../common.ts';
import { PLAYBOOK_LIMITS as L, PLAYBOOK_TYPES } from './limits.ts';
import { playbookMessages as m } from './messages.ts';
import { playbookList, playbookType } from './playbooks.ts';

/**
 * POST playbook-term/ {search_key, playbook_type}: every occurrence of the words in the entries and the indexed
 * attachments of the playbooks of that type the caller can see, in context (as the analyser shows hits).
 */
export const playbookTermBody = z.object({
  search_key: z.string({ error: m.searchKeyRequired }).trim().min(1, m.searchKeyRequired).max(L.searchKey),
  playbook_type: playbookType,
  /** Words either side of a hit (the analyser's horizon). */
  horizon: z.coerce.number().int().min(1).max(50).default(10),
});
export type PlaybookTermBody = z.infer<typeof playbookTermBody>;
export type PlaybookTermInput = z.input<typeof playbookTermBody>;

export const playbookTermHit = z.object({
  playbook_id: z.number().int(),
  playbook_name: z.string(),
  source: z.enum(['entry', 'attachment']),
  /** The entry's or the attachment's id. */
  source_id: z.number().int(),
  /** The entry's topic or the attachment's file name. */
  source_name: z.string(),
  left: z.string(),
  keyword: z.string(),
  right: z.string(),
});
export type PlaybookTermHit = z.infer<typeof playbookTermHit>;

export const playbookTermResult = z.object({
  data: z.array(playbookTermHit),
  total: z.number().int(),
  /** More hits exist than the answer holds. */
  truncated: z.boolean(),
});
export type PlaybookTermResult = z.infer<typeof playbookTermResult>;

/** POST playbook/advance-search/: the list filtered by name, type, categories and last change. */
export const playbookAdvanceSearchBody = pageQuery.extend({
  name: z.string().trim().max(L.name).optional(),
  playbook_type: z.enum(PLAYBOOK_TYPES).optional(),
  category_ids: z.array(idParam).max(L.categoriesPerPlaybook).optional(),
  updated_from: z.iso.date().optional(),
  updated_to: z.iso.date().optional(),
});
export type PlaybookAdvanceSearchBody = z.infer<typeof playbookAdvanceSearchBody>;
export type PlaybookAdvanceSearchInput = z.input<typeof playbookAdvanceSearchBody>;
export const playbookAdvanceSearchResult = playbookList;
