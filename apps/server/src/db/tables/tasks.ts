import type { Generated } from 'kysely';
import type { Flag } from '../database.types.ts';

/**
 * Tables of migration 0023_tasks (docs/tasks.md, "Model"). Every row carries its organisation. A timer is a
 * time entry whose state is not 'stopped' (one per user: a partial unique index); its running time is the sum
 * of its spans. Timestamps are ISO-8601 UTC text, days YYYY-MM-DD.
 */
export interface TaskTables {
  tasks: TasksTable;
  task_assignees: TaskAssigneesTable;
  task_checklist_items: TaskChecklistItemsTable;
  task_comments: TaskCommentsTable;
  task_attachments: TaskAttachmentsTable;
  time_entries: TimeEntriesTable;
  time_entry_spans: TimeEntrySpansTable;
  task_settings: TaskSettingsTable;
}

export interface TasksTable {
  id: Generated<number>;
  organisation_id: number;
  case_id: number | null;
  title: string;
  description: string;
  due_date: string | null;
  priority: string;
  status: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface TaskAssigneesTable {
  organisation_id: number;
  task_id: number;
  user_id: number;
}

export interface TaskChecklistItemsTable {
  id: Generated<number>;
  organisation_id: number;
  task_id: number;
  text: string;
  done: Flag;
  position: number;
}

export interface TaskCommentsTable {
  id: Generated<number>;
  organisation_id: number;
  task_id: number;
  user_id: number | null;
  body: string;
  created_at: string;
}

export interface TaskAttachmentsTable {
  id: Generated<number>;
  organisation_id: number;
  task_id: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  uploaded_by: number | null;
  uploaded_at: string;
}

export interface TimeEntriesTable {
  id: Generated<number>;
  organisation_id: number;
  task_id: number;
  user_id: number;
  case_id: number | null;
  /** 'running' | 'paused' | 'stopped'. */
  state: string;
  /** The day it started (timer) or the day typed (manual), in the user's zone when it was made. */
  date: string;
  /** Raw seconds: for a timer the closed spans only; for a stopped entry its total. */
  seconds: number;
  billable: Flag;
  activity_type: string;
  note: string;
  /** 'timer' | 'manual'. */
  source: string;
  last_activity_at: string | null;
  flagged: Flag;
  approved_by: number | null;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TimeEntrySpansTable {
  id: Generated<number>;
  organisation_id: number;
  entry_id: number;
  started_at: string;
  /** Null while the span is open (the timer runs). */
  ended_at: string | null;
}

export interface TaskSettingsTable {
  organisation_id: number;
  idle_minutes: number;
  billing_increment_minutes: number;
  updated_at: string;
}
