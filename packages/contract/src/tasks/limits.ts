import { TASK_NAME_MAX } from '../limits.ts';

/** Our own caps for the task tracker (the spec shows the calls, not their limits): docs/tasks.md. */
export const TASK_LIMITS = {
  title: 200,
  /** Rich text (HTML), sanitised on save. */
  description: 50_000,
  assigneesPerTask: 50,
  checklistText: 500,
  checklistItemsPerTask: 200,
  comment: 5_000,
  attachmentBytes: 25 * 1024 * 1024,
  attachmentsPerTask: 50,
  searchKey: 200,
  note: 2_000,
  /** One time entry (typed or edited) holds at most a day. */
  entrySeconds: 24 * 3600,
  /** Entries one approval call may lock. */
  approveBatch: 500,
  /** The activity screen and its export cover at most this many days. */
  activityDays: 366,
  /** Events the activity screen lists at most (newest first). */
  activityEvents: 200,
  /** The organisation dashboard's weeks, at most. */
  dashboardWeeks: 26,
} as const;

/** Spec 01 §9: the top bar cuts the task name to 30 characters (`TASK_NAME_MAX` of the platform limits). */
export const TASK_NAME_TRUNCATION = TASK_NAME_MAX;
/** Spec 01 §3: GET task/ongoing-timer/ is polled every 10 s; the timer ticks locally each second between. */
export const TASK_TIMER_POLL_MS = 10_000;
/** The web reports activity to a running timer at most once a minute (POST task/timer/activity/). */
export const TASK_ACTIVITY_THROTTLE_MS = 60_000;
/** A timer running longer than this stops itself at start + 12 h of running time and is flagged. */
export const TASK_TIMER_MAX_SECONDS = 12 * 3600;

/** Organisation task settings: defaults and bounds (GET/PUT task-settings/). */
export const TASK_SETTINGS_DEFAULTS = { billing_increment_minutes: 6, idle_minutes: 10 } as const;
export const TASK_IDLE_MINUTES = { min: 1, max: 240 } as const;
export const TASK_BILLING_INCREMENT_MINUTES = { min: 1, max: 60 } as const;

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const TASK_STATUSES = ['to_do', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  to_do: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  cancelled: 'Cancelled',
};
/** Statuses of a task that still needs work (due and overdue lists count only these). */
export const TASK_OPEN_STATUSES: readonly TaskStatus[] = ['to_do', 'in_progress'];

/** What the time was spent on (a fixed list, as in Clio's activity descriptions). */
export const ACTIVITY_TYPES = [
  'Drafting',
  'Research',
  'Meeting',
  'Call',
  'Correspondence',
  'Court',
  'Review',
  'Travel',
  'Other',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** A timer is a time entry whose state is not 'stopped'. */
export const TIME_ENTRY_STATES = ['running', 'paused', 'stopped'] as const;
export type TimeEntryState = (typeof TIME_ENTRY_STATES)[number];
export const TIME_ENTRY_SOURCES = ['timer', 'manual'] as const;
export type TimeEntrySource = (typeof TIME_ENTRY_SOURCES)[number];

/** GET task/ filters and sorting. */
export const TASK_SCOPES = ['all', 'mine', 'created'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];
export const TASK_SORT_FIELDS = ['due_date', 'priority', 'created_at', 'title', 'status'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/** Files a task may hold: documents, mail and pictures a lawyer keeps with a to-do. */
export const TASK_ATTACHMENT_EXTENSIONS = [
  '.pdf',
  '.docx',
  '.doc',
  '.xlsx',
  '.txt',
  '.eml',
  '.msg',
  '.png',
  '.jpg',
  '.jpeg',
] as const;

export const TASK_IDLE_ACTIONS = ['keep', 'discard', 'stop'] as const;
export type TaskIdleAction = (typeof TASK_IDLE_ACTIONS)[number];

export const TASK_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TaskExportFormat = (typeof TASK_EXPORT_FORMATS)[number];
