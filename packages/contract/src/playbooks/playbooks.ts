import { z } from 'zod';
import { idParam, paged, pagedSearchQuery } from '../common.ts';
import { PLAYBOOK_IMPORTANCE, PLAYBOOK_LIMITS as L, PLAYBOOK_TYPES } from './limits.ts';
import { playbookMessages as m } from './messages.ts';

const text = (max: number) => z.string().max(max, m.tooLong);

/** Spec 01 §5: a playbook type is required wherever one is asked for. */
export const playbookType = z.enum(PLAYBOOK_TYPES, { error: m.selectType });

/** An acceptable fallback, in the order it may be offered, with guidance and who may approve it. */
export const playbookFallback = z.object({
  position: z.string({ error: m.positionRequired }).trim().min(1, m.positionRequired).max(L.position, m.tooLong),
  guidance: text(L.guidance).default(''),
  approver: text(L.approver).default(''),
});
export type PlaybookFallback = z.infer<typeof playbookFallback>;

/** One clause topic: the standard position, ordered fallbacks, what is unacceptable, and model language. */
export const playbookEntryInput = z.object({
  topic: z.string({ error: m.topicRequired }).trim().min(1, m.topicRequired).max(L.topic, m.tooLong),
  category_id: idParam.nullable().default(null),
  importance: z.enum(PLAYBOOK_IMPORTANCE).default('medium'),
  /** Rich text (HTML), sanitised on save. */
  standard_position: text(L.richText).default(''),
  fallbacks: z.array(playbookFallback).max(L.fallbacksPerEntry).default([]),
  unacceptable: z
    .array(z.string().trim().min(1, m.unacceptableRequired).max(L.position, m.tooLong))
    .max(L.unacceptablePerEntry)
    .default([]),
  /** Rich text (HTML), sanitised on save. */
  model_language: text(L.richText).default(''),
  /** Concept heads whose hits in Review show this entry's positions. */
  concept_head_ids: z.array(idParam).max(L.conceptHeadsPerEntry).default([]),
});
export type PlaybookEntryInput = z.input<typeof playbookEntryInput>;

const playbookName = z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(L.name, m.nameTooLong);

/** POST playbook/ and PUT playbook/{id}/: the whole draft; entries are replaced in the order given. */
export const playbookBody = z.object({
  name: playbookName,
  playbook_type: playbookType,
  description: text(L.description).default(''),
  category_ids: z.array(idParam).max(L.categoriesPerPlaybook).default([]),
  entries: z.array(playbookEntryInput).max(L.entriesPerPlaybook, m.tooManyEntries).default([]),
});
export type PlaybookBody = z.infer<typeof playbookBody>;
export type PlaybookInput = z.input<typeof playbookBody>;

export const playbookCategory = z.object({ id: z.number().int(), name: z.string() });
export type PlaybookCategory = z.infer<typeof playbookCategory>;

export const playbookEntry = z.object({
  id: z.number().int(),
  topic: z.string(),
  category_id: z.number().int().nullable(),
  importance: z.enum(PLAYBOOK_IMPORTANCE),
  standard_position: z.string(),
  fallbacks: z.array(z.object({ position: z.string(), guidance: z.string(), approver: z.string() })),
  unacceptable: z.array(z.string()),
  model_language: z.string(),
  concept_head_ids: z.array(z.number().int()),
});
export type PlaybookEntry = z.infer<typeof playbookEntry>;

export const playbookVersionSummary = z.object({
  version: z.number().int(),
  published_at: z.string(),
  published_by: z.string().nullable(),
});
export type PlaybookVersionSummary = z.infer<typeof playbookVersionSummary>;

/** GET playbook/{id}/ (and GET playbook/?id=): the draft, its versions, and what the caller may do with it. */
export const playbookDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  playbook_type: z.enum(PLAYBOOK_TYPES),
  description: z.string(),
  categories: z.array(playbookCategory),
  entries: z.array(playbookEntry),
  /** The latest published version, null before the first publication. */
  current_version: z.number().int().nullable(),
  /** The draft differs from the latest version (or nothing is published yet). */
  has_unpublished_changes: z.boolean(),
  versions: z.array(playbookVersionSummary),
  attachment_count: z.number().int(),
  /** False when the playbook belongs to another organisation and is shared with the caller's (read-only). */
  is_own: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlaybookDetail = z.infer<typeof playbookDetail>;

export const playbookListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  playbook_type: z.enum(PLAYBOOK_TYPES),
  categories: z.array(z.string()),
  entry_count: z.number().int(),
  current_version: z.number().int().nullable(),
  is_own: z.boolean(),
  updated_at: z.string(),
});
export type PlaybookListItem = z.infer<typeof playbookListItem>;

/** GET playbook/?page_no&limits[&search_key] or, with `id`, the one playbook (spec 01 §7). */
export const playbookListQuery = pagedSearchQuery.extend({ id: idParam.optional() });
export type PlaybookListQuery = z.infer<typeof playbookListQuery>;
export const playbookList = paged(playbookListItem);
export type PlaybookList = z.infer<typeof playbookList>;

export const playbookSaved = z.object({ detail: z.string(), id: z.number().int() });
export type PlaybookSaved = z.infer<typeof playbookSaved>;

/** POST playbook-category/ and PUT playbook-category/{id}/: the organisation's category list. */
export const playbookCategoryBody = z.object({
  name: z.string({ error: m.categoryRequired }).trim().min(1, m.categoryRequired).max(L.categoryName, m.tooLong),
});
export type PlaybookCategoryBody = z.infer<typeof playbookCategoryBody>;
export const playbookCategoryList = z.object({ data: z.array(playbookCategory) });
export type PlaybookCategoryList = z.infer<typeof playbookCategoryList>;

/** GET playbook/?id=: the one playbook's detail instead of a page (spec 01 §7). */
export const playbookListOrDetail = z.union([playbookList, playbookDetail]);

/** POST playbook-category/ and PUT playbook-category/{id}/: the saved category with the toast. */
export const playbookCategorySaved = z.object({ detail: z.string(), category: playbookCategory });
export type PlaybookCategorySaved = z.infer<typeof playbookCategorySaved>;
