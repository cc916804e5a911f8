/** Templates: uploaded .docx precedents, their tags, tag matching and category list (spec 02 §3, §6). */
import { z } from 'zod';
import { idParam, paged, pagedSearchQuery } from '../common.ts';
import { TEMPLATE_LIMITS as L, templateMessages as M } from './messages.ts';

export const templateIdParams = z.object({ template_id: idParam });
export const templateCategoryParams = z.object({ template_id: idParam, category_id: idParam });

/** Row actions the caller may take (spec 02 §6), so the UI hides what the server would refuse. */
export const templateActions = z.object({
  assign: z.boolean(),
  edit: z.boolean(),
  history: z.boolean(),
  copy_link: z.boolean(),
  delete: z.boolean(),
  execute: z.boolean(),
});
export type TemplateActions = z.infer<typeof templateActions>;

export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  file_name: z.string(),
  version: z.number().int(),
  tag_count: z.number().int(),
  category_count: z.number().int(),
  created_by: z.string(),
  updated_at: z.string(),
  actions: templateActions,
});
export type TemplateRow = z.infer<typeof templateRow>;
export const templateListQuery = pagedSearchQuery;
export const templateListResponse = paged(templateRow);
export type TemplateListResponse = z.infer<typeof templateListResponse>;

export const templateCategory = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type TemplateCategory = z.infer<typeof templateCategory>;

const matchedQuestion = z.object({
  question_id: z.number().int(),
  question_text: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
});
/**
 * Tag matching, shown before a template is used: tags of the document no question writes, questions of the
 * template's categories whose tags the document never uses, and the tags that match.
 */
export const tagMatching = z.object({
  matched: z.array(z.object({ tag: z.string(), questions: z.array(matchedQuestion) })),
  document_only: z.array(z.string()),
  question_only: z.array(matchedQuestion.extend({ tags: z.array(z.string()) })),
});
export type TagMatching = z.infer<typeof tagMatching>;

export const templateAssignment = z.object({
  /** Every user of the organisation may run it. */
  everyone: z.boolean(),
  user_ids: z.array(z.number().int()),
});
export type TemplateAssignment = z.infer<typeof templateAssignment>;

export const templateDetail = templateRow.extend({
  tags: z.array(z.string()),
  matching: tagMatching,
  categories: z.array(templateCategory),
  assignment: templateAssignment,
});
export type TemplateDetail = z.infer<typeof templateDetail>;

/** Multipart fields of POST document-template/ (with `file`) and POST document-template/{id}/file/. */
export const templateFields = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(L.name, M.nameTooLong),
  description: z.string().trim().max(L.description, M.descriptionTooLong).default(''),
});
export type TemplateFields = z.infer<typeof templateFields>;
export const templateUpdateBody = templateFields;
export type TemplateUpdateBody = z.infer<typeof templateUpdateBody>;

export const templateSaved = z.object({ detail: z.string(), template: templateDetail });
export type TemplateSaved = z.infer<typeof templateSaved>;

export const categoryActiveBody = z.object({ active: z.boolean() });
export type CategoryActiveBody = z.infer<typeof categoryActiveBody>;

export const assignmentBody = z.object({
  everyone: z.boolean().default(false),
  user_ids: z.array(idParam).max(1000).default([]),
});
export type AssignmentBody = z.infer<typeof assignmentBody>;

export const assignableUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const assignmentResponse = templateAssignment.extend({ users: z.array(assignableUser) });
export type AssignmentResponse = z.infer<typeof assignmentResponse>;
