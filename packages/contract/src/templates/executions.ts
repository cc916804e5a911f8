/** Template execution: answers, drafts, the generated document, history, Q&A export, save to case (spec 02 §7). */
import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';
import { questionView } from '../questionnaires/questions.ts';
import { templateCategory } from './templates.ts';
import { TEMPLATE_LIMITS as L, templateMessages as M } from './messages.ts';
import { QUESTIONNAIRE_LIMITS as QL } from '../questionnaires/limits.ts';

/** One item of a repeating group: each field's text by the field's name. */
const groupItem = z
  .record(z.string().max(QL.tag), z.string().max(L.shortAnswer))
  .refine((item) => Object.keys(item).length <= QL.groupFields, M.tooManyGroupFields);

/** One answer: Yes/No in `selected`, chosen option ids of a Multiple Choice in `options`, text in `short`. */
export const answer = z.object({
  question_id: idParam,
  selected: z.enum(['Yes', 'No']).nullable().default(null),
  options: z.array(idParam).max(200).default([]),
  /** A Short Answer: plain text, or rich text (sanitised HTML) from the editor. */
  short: z.string().max(L.shortAnswer).default(''),
  /** A Repeating group: its items in order, each its fields' text by field name. */
  items: z.array(groupItem).max(QL.groupItems, M.tooManyGroupItems).default([]),
});
export type Answer = z.infer<typeof answer>;

/** A repeating group's items that say something: an item added and left blank is not part of the answer. */
export const filledItems = (answer: Pick<Answer, 'items'>): Answer['items'] =>
  answer.items.filter((item) => Object.values(item).some((text) => text.trim() !== ''));
export type AnswerInput = z.input<typeof answer>;
export const answers = z.array(answer).max(L.draftAnswers);

/** GET query/{id}/: the template to execute: its name, category list and questions, and the saved draft. */
export const executionQuery = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  category: z.array(templateCategory),
  result: z.array(questionView),
  draft: z.object({ data: z.array(answer), updated_at: z.string() }).nullable(),
  /** The round of answers the screen is on: its draft saves name it (each Submit starts the next). */
  draft_round: z.number().int(),
});
export type ExecutionQuery = z.infer<typeof executionQuery>;

/**
 * PUT execute/draft/{id}/: the answers so far and the round they belong to. A save for a round whose document
 * was already generated is refused (409 draftStale), whatever order the requests arrive in.
 */
export const draftBody = z.object({ data: answers, round: z.number().int().min(0) });
export const draftSaved = z.object({ detail: z.string(), updated_at: z.string() });
/** DELETE execute/draft/{id}/: "Start again" (or Cancel) discards the caller's draft. */
export const draftDiscarded = z.object({ detail: z.string() });

/** POST execute/: answers and templateId; the document is generated and the execution recorded. */
export const executeBody = z.object({
  templateId: idParam,
  data: answers,
});
export type ExecuteBody = z.infer<typeof executeBody>;

export const executionResult = z.object({
  execution_id: z.number().int(),
  template_id: z.number().int(),
  version: z.number().int(),
  document_name: z.string(),
  /** Where the generated .docx is fetched (GET, binary). */
  file_path: z.string(),
  created_at: z.string(),
});
export type ExecutionResult = z.infer<typeof executionResult>;
/** Answer of POST execute/: the execution and the round of answers that starts now (the next drafts name it). */
export const executed = executionResult.extend({ draft_round: z.number().int() });
export type Executed = z.infer<typeof executed>;

/** GET execute/{id}/: a recorded execution, with the questions it answered (for the preview route). */
export const executionDetail = executionResult.extend({
  template_name: z.string(),
  created_by: z.string(),
  data: z.array(answer),
  category: z.array(templateCategory),
  result: z.array(questionView),
});
export type ExecutionDetail = z.infer<typeof executionDetail>;

export const executionIdParams = z.object({ execution_id: idParam });

/** POST template/export/questionnaire/: the questions and answers as .docx or .xlsx. */
export const qaExportBody = z.object({
  templateId: idParam,
  data: answers,
  format: z.enum(['docx', 'xlsx']).default('docx'),
});
export type QaExportBody = z.infer<typeof qaExportBody>;

/** POST template-casetask/{id}/ (id: the template): name the generated document, download it or add it to cases. */
export const caseTaskBody = z.object({
  name: z.string().trim().min(1, M.documentNameEmpty).max(L.documentName, M.documentNameTooLong),
  case_id: z.array(idParam).max(100).default([]),
  file_path: z.string().min(1).max(500),
  is_download: z.boolean().default(true),
});
export type CaseTaskBody = z.infer<typeof caseTaskBody>;
export const caseTaskResponse = z.object({ detail: z.string(), file_path: z.string(), document_name: z.string() });
export type CaseTaskResponse = z.infer<typeof caseTaskResponse>;

/** GET concept/case/ and concept/case-search/: the case picker (page 1, 100, search_from=template). */
export const casePickerQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  search_from: z.string().max(50).optional(),
});
export const casePickerItem = z.object({ id: z.number().int(), name: z.string() });
/** The spec reads `data.data`: the axios body's `data` is the case list. */
export const casePickerResponse = z.object({ data: z.array(casePickerItem), page: paged(casePickerItem).shape.page });
export type CasePickerResponse = z.infer<typeof casePickerResponse>;

export const executionHistoryActions = z.object({ download: z.boolean(), delete: z.boolean(), open: z.boolean() });
export const executionHistoryRow = z.object({
  id: z.number().int(),
  template_id: z.number().int(),
  template_name: z.string(),
  version: z.number().int(),
  document_name: z.string(),
  file_path: z.string(),
  created_by: z.string(),
  created_by_id: z.number().int().nullable(),
  created_at: z.string(),
  actions: executionHistoryActions,
});
export type ExecutionHistoryRow = z.infer<typeof executionHistoryRow>;
export const executionHistoryQuery = pageQuery.extend({ search_key: z.string().trim().max(200).optional() });
export const executionHistoryResponse = paged(executionHistoryRow);
export type ExecutionHistoryResponse = z.infer<typeof executionHistoryResponse>;
/** GET document-template/history/user/{user_id}/: the executions, and whose they are (for the page heading). */
export const userExecutionHistoryResponse = executionHistoryResponse.extend({
  user: z.object({ user_id: z.number().int(), name: z.string(), email: z.string() }),
});
export type UserExecutionHistoryResponse = z.infer<typeof userExecutionHistoryResponse>;

export const executionUserRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  executions: z.number().int(),
  last_executed_at: z.string(),
});
export type ExecutionUserRow = z.infer<typeof executionUserRow>;
export const executionUsersResponse = paged(executionUserRow);
export type ExecutionUsersResponse = z.infer<typeof executionUsersResponse>;
export const historyUserParams = z.object({ user_id: idParam });
