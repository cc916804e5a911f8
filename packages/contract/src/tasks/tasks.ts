import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';
import {
  TASK_DUE_FILTERS,
  TASK_LIMITS as L,
  TASK_PRIORITIES,
  TASK_SCOPES,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
} from './limits.ts';
import { taskMessages as m } from './messages.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar day, YYYY-MM-DD. */
export const isoDay = z.string({ error: m.invalidDate }).refine(isIsoDate, m.invalidDate);

const title = z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(L.title, m.titleTooLong);
const priority = z.enum(TASK_PRIORITIES, { error: m.selectPriority });
const status = z.enum(TASK_STATUSES, { error: m.selectStatus });
const assigneeIds = z.array(idParam).max(L.assigneesPerTask, m.tooManyAssignees);

/** POST task/: a new task. */
export const taskBody = z.object({
  title,
  /** Rich text (HTML), sanitised on save. */
  description: z.string().max(L.description, m.tooLong).default(''),
  case_id: idParam.nullable().default(null),
  due_date: isoDay.nullable().default(null),
  priority: priority.default('normal'),
  status: status.default('to_do'),
  assignee_ids: assigneeIds.default([]),
});
export type TaskBody = z.infer<typeof taskBody>;
export type TaskInput = z.input<typeof taskBody>;

/** PUT task/{task_id}/: only the fields sent change (a status alone, say); assignees are replaced when sent. */
export const taskUpdateBody = z.object({
  title: title.optional(),
  description: z.string().max(L.description, m.tooLong).optional(),
  case_id: idParam.nullable().optional(),
  due_date: isoDay.nullable().optional(),
  priority: priority.optional(),
  status: status.optional(),
  assignee_ids: assigneeIds.optional(),
});
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

export const taskParams = z.object({ task_id: idParam });

export const taskPerson = z.object({ id: z.number().int(), name: z.string() });
export type TaskPerson = z.infer<typeof taskPerson>;

/** What the caller may do with the task (the row menu and the detail's buttons). */
export const taskActions = z.object({ edit: z.boolean(), delete: z.boolean() });
export type TaskActions = z.infer<typeof taskActions>;

/** One row of GET task/. */
export const taskRow = z.object({
  id: z.number().int(),
  title: z.string(),
  case_id: z.number().int().nullable(),
  case_title: z.string().nullable(),
  status: status,
  priority: priority,
  due_date: z.string().nullable(),
  assignees: z.array(taskPerson),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  /** Every stopped and running entry's seconds on the task (a running timer up to now), all users. */
  logged_seconds: z.number().int(),
  checklist_done: z.number().int(),
  checklist_total: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  actions: taskActions,
});
export type TaskRow = z.infer<typeof taskRow>;

/**
 * GET task/: `scope` mine = assigned to me, created = created by me; `created_by` a user's id (the spec's
 * /task?created_by=); `due` overdue / today / this week (the next 7 days) / without a due date, open tasks only
 * for overdue, today and week. Days are the caller's (`tz`, default UTC).
 */
export const taskListQuery = pageQuery.extend({
  search_key: z.string().trim().max(L.searchKey, m.tooLong).optional(),
  scope: z.enum(TASK_SCOPES).default('all'),
  created_by: idParam.optional(),
  assignee_id: idParam.optional(),
  case_id: idParam.optional(),
  status: status.optional(),
  due: z.enum(TASK_DUE_FILTERS).optional(),
  sort: z.enum(TASK_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  tz: z.string().max(64).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;
export type TaskListParams = z.input<typeof taskListQuery>;

/** `{count, data}` as agreed, plus the platform's `page` so the shared table pages it. */
export const taskList = paged(taskRow).extend({ count: z.number().int() });
export type TaskList = z.infer<typeof taskList>;

export const checklistItem = z.object({
  id: z.number().int(),
  text: z.string(),
  done: z.boolean(),
  position: z.number().int(),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

export const taskComment = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  can_delete: z.boolean(),
});
export type TaskComment = z.infer<typeof taskComment>;

export const taskAttachment = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
  can_delete: z.boolean(),
});
export type TaskAttachment = z.infer<typeof taskAttachment>;

/** Time on the task: every user's, billable, the caller's own, and the caller's running timer on it. */
export const taskTimeTotals = z.object({
  logged_seconds: z.number().int(),
  billable_seconds: z.number().int(),
  my_seconds: z.number().int(),
  entry_count: z.number().int(),
  /** The caller's timer (running or paused) is on this task. */
  my_timer_on_task: z.boolean(),
});
export type TaskTimeTotals = z.infer<typeof taskTimeTotals>;

/** GET task/{task_id}/. */
export const taskDetail = taskRow.extend({
  description: z.string(),
  checklist: z.array(checklistItem),
  comments: z.array(taskComment),
  attachments: z.array(taskAttachment),
  time: taskTimeTotals,
});
export type TaskDetail = z.infer<typeof taskDetail>;

export const taskSaved = z.object({ detail: z.string(), id: z.number().int() });
export type TaskSaved = z.infer<typeof taskSaved>;

/** POST task/{task_id}/checklist/. */
export const checklistItemBody = z.object({
  text: z
    .string({ error: m.checklistTextRequired })
    .trim()
    .min(1, m.checklistTextRequired)
    .max(L.checklistText, m.tooLong),
  done: z.boolean().default(false),
});
export type ChecklistItemBody = z.infer<typeof checklistItemBody>;
/** PUT task/{task_id}/checklist/{checklist_item_id}/: text, ticked, or moved to `position` (0 first). */
export const checklistItemUpdate = z.object({
  text: checklistItemBody.shape.text.optional(),
  done: z.boolean().optional(),
  position: z.number().int().min(0).max(L.checklistItemsPerTask).optional(),
});
export type ChecklistItemUpdate = z.infer<typeof checklistItemUpdate>;
/** Route parameters are named by the kind of record (route-access test): checklist_item_id, task_comment_id. */
export const checklistItemParams = z.object({ task_id: idParam, checklist_item_id: idParam });
export const checklistSaved = z.object({ detail: z.string(), item: checklistItem });
export type ChecklistSaved = z.infer<typeof checklistSaved>;

/** POST task/{task_id}/comment/: plain text. */
export const commentBody = z.object({
  body: z.string({ error: m.commentRequired }).trim().min(1, m.commentRequired).max(L.comment, m.tooLong),
});
export type CommentBody = z.infer<typeof commentBody>;
export const commentParams = z.object({ task_id: idParam, task_comment_id: idParam });
export const commentSaved = z.object({ detail: z.string(), comment: taskComment });
export type CommentSaved = z.infer<typeof commentSaved>;

export const taskAttachmentParams = z.object({ task_attachment_id: idParam });
export const taskAttachmentAdded = z.object({ detail: z.string(), attachment: taskAttachment });
export type TaskAttachmentAdded = z.infer<typeof taskAttachmentAdded>;
