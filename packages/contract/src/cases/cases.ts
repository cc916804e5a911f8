import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';
import { caseMessages } from './messages.ts';

/** Case statuses (spec silent: the stages a matter goes through in Clio Manage and similar products). */
export const CASE_STATUSES = ['open', 'pending', 'on_hold', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  on_hold: 'On hold',
  closed: 'Closed',
};

export const CASE_TITLE_MAX = 200;
export const CASE_CLIENT_MAX = 200;
export const CASE_DESCRIPTION_MAX = 5000;
export const CASE_PARTIES_MAX = 50;
export const CASE_PARTY_MAX = 200;
/** The search boxes of the case list and the Documents tab, and a saved search's words. */
export const CASE_SEARCH_MAX = 200;
/** Case dropdowns (spec 01 §9): page 1, limit 100. */
export const CASE_DROPDOWN_LIMIT = 100;

export const CASE_SORT_FIELDS = ['title', 'client', 'parties', 'status', 'documents', 'updated'] as const;
export type CaseSortField = (typeof CASE_SORT_FIELDS)[number];

const party = z.string().trim().min(1, caseMessages.partyRequired).max(CASE_PARTY_MAX, caseMessages.partyTooLong);

export const caseBody = z.object({
  title: z
    .string({ error: caseMessages.titleRequired })
    .trim()
    .min(1, caseMessages.titleRequired)
    .max(CASE_TITLE_MAX, caseMessages.titleTooLong),
  client: z.string().trim().max(CASE_CLIENT_MAX, caseMessages.clientTooLong).default(''),
  description: z.string().trim().max(CASE_DESCRIPTION_MAX, caseMessages.descriptionTooLong).default(''),
  status: z.enum(CASE_STATUSES, { error: caseMessages.statusRequired }),
  parties: z.array(party).max(CASE_PARTIES_MAX, caseMessages.tooManyParties).default([]),
  assigned_user_ids: z.array(idParam).max(200).default([]),
});
export type CaseBody = z.infer<typeof caseBody>;
export type CaseBodyInput = z.input<typeof caseBody>;

/**
 * GET case/: `search_key` filters by title, client or party; `text` finds cases by the words of their
 * documents (all words must occur in one document; "quoted words" must occur as a phrase).
 */
export const caseListQuery = pageQuery.extend({
  search_key: z.string().trim().max(CASE_SEARCH_MAX, caseMessages.searchTooLong).optional(),
  text: z.string().trim().max(CASE_SEARCH_MAX, caseMessages.searchTooLong).optional(),
  status: z.enum(CASE_STATUSES).optional(),
  sort_by: z.enum(CASE_SORT_FIELDS).default('updated'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type CaseListQuery = z.infer<typeof caseListQuery>;

export const caseActions = z.object({
  edit: z.boolean(),
  copy_link: z.boolean(),
  delete: z.boolean(),
  upload: z.boolean(),
  download: z.boolean(),
  status_history: z.boolean(),
  save_search: z.boolean(),
});
export type CaseActions = z.infer<typeof caseActions>;

export const caseRow = z.object({
  id: z.number().int(),
  title: z.string(),
  client: z.string(),
  parties: z.array(z.string()),
  status: z.enum(CASE_STATUSES),
  documents_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  actions: caseActions,
  /** With a search in documents (`text`): the case's documents that matched, by name (at most 3). */
  matched_documents: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  /** How many of the case's documents matched in all. */
  matched_documents_count: z.number().int().optional(),
});
export type CaseRow = z.infer<typeof caseRow>;
export const caseListResponse = paged(caseRow);
export type CaseListResponse = z.infer<typeof caseListResponse>;

export const caseUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type CaseUser = z.infer<typeof caseUser>;

export const caseDetail = caseRow.extend({
  description: z.string(),
  assigned_users: z.array(caseUser),
  created_by: z.string(),
});
export type CaseDetail = z.infer<typeof caseDetail>;

export const caseStatusChange = z.object({
  id: z.number().int(),
  from_status: z.enum(CASE_STATUSES).nullable(),
  to_status: z.enum(CASE_STATUSES),
  changed_by: z.string(),
  changed_at: z.string(),
});
export type CaseStatusChange = z.infer<typeof caseStatusChange>;
export const caseStatusHistoryResponse = z.object({ data: z.array(caseStatusChange) });

export const caseUsersResponse = z.object({ data: z.array(caseUser) });
