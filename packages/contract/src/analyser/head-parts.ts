import { z } from 'zod';
import { idParam, paged } from '../common.ts';
import { AMENDMENT_TYPES, ANALYSER_LIMITS } from './limits.ts';
import { conceptMessages as m } from './messages.ts';
import { conceptHead } from './concept-lists.ts';

const text = (required: string, max: number, tooLong: string = m.textTooLong) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Id of a part saved before; a new one has none (or the web's temporary id, a negative number). */
const partId = z.number().int().optional();
const isSaved = (id: number | undefined): id is number => id !== undefined && id > 0;
export { isSaved as isSavedPartId };

// Clauses (spec 03 §3, §7)
export const clause = z.object({ clause_id: z.number().int(), clause_description: z.string() });
export type Clause = z.infer<typeof clause>;
export const clauseCreateBody = z.object({
  conceptID: idParam,
  clause_description: text(m.invalidClause, ANALYSER_LIMITS.clause),
});
export const clauseUpdateBody = z.object({
  clause_id: idParam,
  clause_description: text(m.invalidClause, ANALYSER_LIMITS.clause),
});
export const clauseList = z.object({ clauses: z.array(clause) });

// Out-of-scope items with examples
export const scopeExample = z.object({ example_id: z.number().int(), example_text: z.string() });
export const scope = z.object({
  scope_id: z.number().int(),
  scope_description: z.string(),
  examples: z.array(scopeExample),
});
export type Scope = z.infer<typeof scope>;
const exampleInput = z.object({
  example_id: partId,
  example_text: text(m.invalidExample, ANALYSER_LIMITS.example),
});
const examples = z.array(exampleInput).max(ANALYSER_LIMITS.partsPerParent, m.tooManyParts).default([]);
export const scopeCreateBody = z.object({
  conceptID: idParam,
  scope_description: text(m.descriptionRequired, ANALYSER_LIMITS.description),
  examples,
});
export const scopeUpdateBody = z.object({
  scope_id: idParam,
  scope_description: text(m.descriptionRequired, ANALYSER_LIMITS.description),
  examples,
});
export const scopeList = z.object({ scopes: z.array(scope) });

// Rules with suggested amendments
export const ruleSuggestion = z.object({ suggestion_id: z.number().int(), suggestion_text: z.string() });
export const rule = z.object({
  rule_id: z.number().int(),
  rule_description: z.string(),
  suggestions: z.array(ruleSuggestion),
});
export type Rule = z.infer<typeof rule>;
const suggestionInput = z.object({
  suggestion_id: partId,
  suggestion_text: text(m.invalidSuggestion, ANALYSER_LIMITS.suggestion),
});
const suggestions = z.array(suggestionInput).max(ANALYSER_LIMITS.partsPerParent, m.tooManyParts).default([]);
export const ruleCreateBody = z.object({
  conceptID: idParam,
  rule_description: text(m.descriptionRequired, ANALYSER_LIMITS.description),
  suggestions,
});
export const ruleUpdateBody = z.object({
  rule_id: idParam,
  rule_description: text(m.descriptionRequired, ANALYSER_LIMITS.description),
  suggestions,
});
export const ruleList = z.object({ rules: z.array(rule) });

/** The answer of every head-part write: the head it now belongs to (a new one after "only this organisation"). */
export const headPartSaved = z.object({
  detail: z.string(),
  concept_id: z.number().int(),
  id: z.number().int().nullable(),
});
export type HeadPartSaved = z.infer<typeof headPartSaved>;

// Amendments (spec 03 §2.3, §4)
export const amendment = z.object({
  id: z.number().int(),
  amendment_type: z.enum(AMENDMENT_TYPES),
  amendment: z.string(),
  concept_id: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  actions: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Amendment = z.infer<typeof amendment>;
export const amendmentBody = z.object({
  amendment_type: z.enum(AMENDMENT_TYPES, { error: m.amendmentTypeRequired }),
  amendment: text(m.amendmentRequired, ANALYSER_LIMITS.amendment, m.amendmentTooLong),
  updateAll: z.boolean().optional(),
});
export type AmendmentBody = z.infer<typeof amendmentBody>;
export const amendmentListQuery = z.object({
  login_mode: z.string().optional(),
  type: z.enum(AMENDMENT_TYPES).optional(),
});
export const amendmentSearchQuery = amendmentListQuery.extend({ search_key: z.string().trim().max(200).default('') });
export const amendmentList = z.object({ data: z.array(amendment) });

// Response log (feedback on analyser hits)
export const feedbackRow = z.object({
  id: z.number().int(),
  created_date: z.string(),
  created_user: z.string(),
  thumbs_up: z.boolean().nullable(),
  comments: z.string(),
  term: z.string(),
  actions: z.object({ delete: z.boolean() }),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;
export const feedbackPage = paged(feedbackRow);
export const feedbackCounts = z.object({
  thumbs_up_count: z.number().int(),
  thumbs_down_count: z.number().int(),
  /** Per term with votes: its likes, dislikes and share of liked hits (0-1). */
  terms: z.array(
    z.object({ term: z.string(), likes: z.number().int(), dislikes: z.number().int(), liked_share: z.number() }),
  ),
  /**
   * Whose votes the counts cover: the caller's organisation's, or (the provider's super user on a list it
   * curates) every organisation's, anonymously and per term of the head's own words only (docs/analyser.md).
   */
  covers: z.enum(['organisation', 'every_organisation']),
});
export type FeedbackCounts = z.infer<typeof feedbackCounts>;
/** A vote on an analyser hit (recorded by the review of part 2; the response log reads it). */
export const feedbackBody = z.object({
  thumbs_up: z.boolean().nullable(),
  comments: z.string().trim().max(ANALYSER_LIMITS.feedbackComment).default(''),
  term: z.string().trim().max(ANALYSER_LIMITS.head).default(''),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** GET concept-list/concepts/details/?concept_ids: heads with their rules, scope items and clauses (spec 03 §7). */
export const conceptHeadDetails = conceptHead.extend({
  rules: z.array(rule),
  scopes: z.array(scope),
  clauses: z.array(clause),
});
export const conceptDetailsResponse = z.object({ data: z.array(conceptHeadDetails) });
export type ConceptHeadDetails = z.infer<typeof conceptHeadDetails>;

/** Path ids of the head-part calls (spec 03 §7), named by the kind of record. */
export const headParams = z.object({ concept_id: idParam });
export const amendmentParams = z.object({ amendment_id: idParam });
export const feedbackParams = z.object({ feedback_id: idParam });
