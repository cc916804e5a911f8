import { z } from 'zod';
import { idParam, paged, pagedSearchQuery } from '../common.ts';
import { ALERT_COMMENT_MAX, ALERT_DOCUMENTS_MAX } from './limits.ts';
import { alertMessages } from './messages.ts';
import { isCalendarDate } from './reports.ts';

/** Kinds of alert a matter needs (our list; docs/case-records.md). */
export const ALERT_TYPES = [
  'Court date',
  'Filing deadline',
  'Limitation period',
  'Contract renewal',
  'Meeting',
  'Follow-up',
  'Other',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const alertIdParams = z.object({ alert_id: idParam });

export const alertDocument = z.object({ id: z.number().int(), name: z.string() });
export type AlertDocument = z.infer<typeof alertDocument>;

export const alertComment = z.object({
  id: z.number().int(),
  text: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type AlertComment = z.infer<typeof alertComment>;

/** A case alert (spec 01 §3: case_id, case_title, documents[], alert_type, comments) with its id and dates. */
export const caseAlert = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  case_title: z.string(),
  documents: z.array(alertDocument),
  alert_type: z.enum(ALERT_TYPES),
  comments: z.array(alertComment),
  due_date: z.string(),
  is_done: z.boolean(),
  is_due: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseAlert = z.infer<typeof caseAlert>;
export const caseAlertList = paged(caseAlert);
export type CaseAlertList = z.infer<typeof caseAlertList>;
export const caseAlertNotifications = z.array(caseAlert);
export type CaseAlertNotifications = z.infer<typeof caseAlertNotifications>;

export const caseAlertQuery = pagedSearchQuery.extend({
  case_id: idParam.optional(),
  /** open: not done; due: open and due today or earlier; all: everything. */
  status: z.enum(['open', 'due', 'done', 'all']).default('all'),
});
export type CaseAlertQuery = z.infer<typeof caseAlertQuery>;

const commentText = z
  .string(alertMessages.commentRequired)
  .trim()
  .min(1, alertMessages.commentRequired)
  .max(ALERT_COMMENT_MAX, alertMessages.commentTooLong(ALERT_COMMENT_MAX));

const dueDate = z
  .string(alertMessages.dueDateRequired)
  .min(1, alertMessages.dueDateRequired)
  .refine(isCalendarDate, alertMessages.dueDateInvalid);

export const caseAlertCreateBody = z.object({
  case_id: z.number(alertMessages.caseRequired).int().positive(alertMessages.caseRequired),
  alert_type: z.enum(ALERT_TYPES, alertMessages.alertTypeRequired),
  due_date: dueDate,
  document_ids: z.array(idParam).max(ALERT_DOCUMENTS_MAX).default([]),
  /** The first comment, optional. */
  comment: z.string().trim().max(ALERT_COMMENT_MAX, alertMessages.commentTooLong(ALERT_COMMENT_MAX)).default(''),
});
export type CaseAlertCreateBody = z.infer<typeof caseAlertCreateBody>;

/** Edit: the case stays; type, due date, linked documents and done can change. */
export const caseAlertUpdateBody = z.object({
  alert_type: z.enum(ALERT_TYPES, alertMessages.alertTypeRequired),
  due_date: dueDate,
  document_ids: z.array(idParam).max(ALERT_DOCUMENTS_MAX).default([]),
  is_done: z.boolean().default(false),
});
export type CaseAlertUpdateBody = z.infer<typeof caseAlertUpdateBody>;

export const alertCommentBody = z.object({ text: commentText });
export type AlertCommentBody = z.infer<typeof alertCommentBody>;
