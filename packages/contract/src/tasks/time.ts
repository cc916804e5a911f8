import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';
import { parseDuration } from './duration.ts';
import {
  ACTIVITY_TYPES,
  TASK_BILLING_INCREMENT_MINUTES as BILLING,
  TASK_EXPORT_FORMATS,
  TASK_IDLE_ACTIONS,
  TASK_IDLE_MINUTES as IDLE,
  TASK_LIMITS as L,
  TASK_STATUSES,
  TIME_ENTRY_SOURCES,
  TIME_ENTRY_STATES,
} from './limits.ts';
import { taskMessages as m } from './messages.ts';
import { isIsoDate, isoDay, taskPerson, taskRow } from './tasks.ts';

/** True for an IANA time zone this runtime knows (the browser's `Intl…resolvedOptions().timeZone`). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `tz`: the zone days and weeks are cut in; default UTC. */
export const timeZoneParam = z.string().trim().refine(isTimeZone, m.unknownZone).default('UTC');

const activityType = z.enum(ACTIVITY_TYPES, { error: m.selectActivityType });
const note = z.string().trim().max(L.note, m.noteTooLong);

/**
 * A typed duration ('1h20m', '1:20', '1.33h', '45m', '2h'): read with `parseDuration`, more than 0 and at
 * most 24 hours. The server parses it again into seconds.
 */
export const durationText = z
  .string({ error: m.durationRequired })
  .trim()
  .min(1, m.durationRequired)
  .max(32, m.durationInvalid)
  .refine((text) => parseDuration(text) !== null, m.durationInvalid)
  .refine((text) => (parseDuration(text) ?? 0) <= L.entrySeconds, m.durationTooLong);

// ---- The timer ---------------------------------------------------------------------------------------------

/**
 * GET task/ongoing-timer/ (spec 01 §3: task_id, task_name, timer_seconds, task_created_by; polled every 10 s)
 * and ours: the entry, its state, idle time against the organisation's idle limit. All null / 0 without one.
 * `timer_seconds` is computed by the server from the stored span starts at the moment it answers.
 */
export const ongoingTimer = z.object({
  task_id: z.number().int().nullable(),
  task_name: z.string().nullable(),
  timer_seconds: z.number().int(),
  task_created_by: z.number().int().nullable(),
  entry_id: z.number().int().nullable(),
  state: z.enum(['running', 'paused']).nullable(),
  case_id: z.number().int().nullable(),
  /** Seconds since the last activity the web reported (or the start), while running; else 0. */
  idle_seconds: z.number().int(),
  idle_limit_seconds: z.number().int(),
  /** The server's clock when it answered (ISO-8601): the web ticks from here. */
  server_time: z.string(),
});
export type OngoingTimer = z.infer<typeof ongoingTimer>;

/** Every timer call answers the toast and the timer as it now is. */
export const timerAnswer = z.object({
  detail: z.string(),
  timer: ongoingTimer,
  /** The entry a start or a stop closed (another task's timer, or this one), null when none. */
  stopped_entry_id: z.number().int().nullable(),
});
export type TimerAnswer = z.infer<typeof timerAnswer>;

/** POST task/timer/stop/: how the stopped entry is saved. */
export const timerStopBody = z.object({
  note: note.optional(),
  billable: z.boolean().optional(),
  activity_type: activityType.optional(),
});
export type TimerStopBody = z.infer<typeof timerStopBody>;

/** POST task/{task_id}/timer/start/: optional settings of the new entry; `tz` dates it (the day it started). */
export const timerStartBody = z
  .object({
    billable: z.boolean().optional(),
    activity_type: activityType.optional(),
    note: note.optional(),
    tz: z.string().trim().refine(isTimeZone, m.unknownZone).optional(),
  })
  .default({});
export type TimerStartBody = z.infer<typeof timerStartBody>;

/** POST task/timer/idle/: keep the idle time, discard it (continue from now), or stop at the last activity. */
export const timerIdleBody = z.object({ action: z.enum(TASK_IDLE_ACTIONS, { error: m.selectIdleAction }) });
export type TimerIdleBody = z.infer<typeof timerIdleBody>;

// ---- Time entries -----------------------------------------------------------------------------------------

export const timeEntry = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  task_title: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  case_id: z.number().int().nullable(),
  case_title: z.string().nullable(),
  state: z.enum(TIME_ENTRY_STATES),
  date: z.string(),
  /** Raw seconds (a running or paused timer: up to now). */
  seconds: z.number().int(),
  billable: z.boolean(),
  activity_type: activityType,
  note: z.string(),
  source: z.enum(TIME_ENTRY_SOURCES),
  /** Stopped itself after 12 hours of running time. */
  flagged: z.boolean(),
  approved: z.boolean(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  created_at: z.string(),
  /** The caller may edit and delete it (own or staff, not approved, not a running timer). */
  can_edit: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntry>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET time-entry/: a user sees their own entries, staff everyone's (`user_id` narrows). */
export const timeEntryListQuery = pageQuery.extend({
  task_id: idParam.optional(),
  user_id: idParam.optional(),
  case_id: idParam.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  approved: booleanQuery.optional(),
});
export type TimeEntryListQuery = z.infer<typeof timeEntryListQuery>;
export type TimeEntryListParams = z.input<typeof timeEntryListQuery>;
export const timeEntryList = paged(timeEntry).extend({
  count: z.number().int(),
  /** Seconds of every entry the filters select (all pages). */
  total_seconds: z.number().int(),
});
export type TimeEntryList = z.infer<typeof timeEntryList>;

/** POST time-entry/: time typed by hand, counted on its date. */
export const timeEntryBody = z.object({
  task_id: idParam,
  duration: durationText,
  date: isoDay,
  billable: z.boolean().default(true),
  activity_type: activityType.default('Other'),
  note: note.default(''),
});
export type TimeEntryBody = z.infer<typeof timeEntryBody>;
export type TimeEntryInput = z.input<typeof timeEntryBody>;

/** PUT time-entry/{time_entry_id}/: only the fields sent change; a timer's entry typed anew loses its spans. */
export const timeEntryUpdateBody = z.object({
  duration: durationText.optional(),
  date: isoDay.optional(),
  billable: z.boolean().optional(),
  activity_type: activityType.optional(),
  note: note.optional(),
});
export type TimeEntryUpdateBody = z.infer<typeof timeEntryUpdateBody>;
export const timeEntryParams = z.object({ time_entry_id: idParam });
export const timeEntrySaved = z.object({ detail: z.string(), entry: timeEntry });
export type TimeEntrySaved = z.infer<typeof timeEntrySaved>;

/** POST time-entry/approve/ (staff): approve (lock) stopped entries, or unlock them with `approved: false`. */
export const timeEntryApproveBody = z.object({
  entry_ids: z
    .array(idParam, { error: m.entriesRequired })
    .min(1, m.entriesRequired)
    .max(L.approveBatch, m.tooManyEntries),
  approved: z.boolean().default(true),
});
export type TimeEntryApproveBody = z.infer<typeof timeEntryApproveBody>;
export const timeEntryApproved = z.object({ detail: z.string(), count: z.number().int() });
export type TimeEntryApproved = z.infer<typeof timeEntryApproved>;

// ---- Activity and dashboards ------------------------------------------------------------------------------

const rangeOk = (q: { from: string; to: string }) => q.from <= q.to;
const rangeShort = (q: { from: string; to: string }) =>
  !isIsoDate(q.from) ||
  !isIsoDate(q.to) ||
  (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < L.activityDays;

const activityFilters = z.object({
  from: isoDay,
  to: isoDay,
  user_id: idParam.optional(),
  case_id: idParam.optional(),
  task_id: idParam.optional(),
  tz: timeZoneParam,
});

/** GET task-activity/?from&to&user_id&case_id&task_id&tz: days are cut in `tz`; a user sees their own time. */
export const taskActivityQuery = activityFilters
  .refine(rangeOk, { message: m.rangeOrder, path: ['from'] })
  .refine(rangeShort, { message: m.rangeTooLong, path: ['to'] });
export type TaskActivityQuery = z.infer<typeof taskActivityQuery>;
export type TaskActivityParams = z.input<typeof taskActivityQuery>;

/** GET task-activity/export/: the same rows as a file. */
export const taskActivityExportQuery = activityFilters
  .extend({ format: z.enum(TASK_EXPORT_FORMATS).default('xlsx') })
  .refine(rangeOk, { message: m.rangeOrder, path: ['from'] })
  .refine(rangeShort, { message: m.rangeTooLong, path: ['to'] });
export type TaskActivityExportQuery = z.infer<typeof taskActivityExportQuery>;
export type TaskActivityExportParams = z.input<typeof taskActivityExportQuery>;

/** Who did what on which task (the audit trail of the tasks), newest first. */
export const taskEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  task_id: z.number().int().nullable(),
  task_title: z.string().nullable(),
  action: z.string(),
  /** The event as a sentence ("Ann Admin created the task 'Draft the lease'"). */
  text: z.string(),
});
export type TaskEvent = z.infer<typeof taskEvent>;

/** One entry's seconds on one day of `tz` (an entry across midnight gives one row per day). */
export const activityRow = z.object({
  entry_id: z.number().int(),
  date: z.string(),
  /** The Monday of `date`'s week (ISO weeks). */
  week_start: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  task_id: z.number().int(),
  task_title: z.string(),
  case_id: z.number().int().nullable(),
  case_title: z.string().nullable(),
  activity_type: activityType,
  billable: z.boolean(),
  approved: z.boolean(),
  source: z.enum(TIME_ENTRY_SOURCES),
  note: z.string(),
  seconds: z.number().int(),
});
export type ActivityRow = z.infer<typeof activityRow>;

export const timeTotal = z.object({ seconds: z.number().int(), billable_seconds: z.number().int() });
export type TimeTotal = z.infer<typeof timeTotal>;

/** GET task-activity/: every total is the sum of `rows` (the same seconds, grouped). */
export const taskActivity = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  events: z.array(taskEvent),
  rows: z.array(activityRow),
  by_day: z.array(timeTotal.extend({ date: z.string() })),
  by_week: z.array(timeTotal.extend({ week_start: z.string() })),
  by_user: z.array(timeTotal.extend({ user_id: z.number().int(), user_name: z.string() })),
  by_case: z.array(timeTotal.extend({ case_id: z.number().int().nullable(), case_title: z.string().nullable() })),
  total: timeTotal,
});
export type TaskActivity = z.infer<typeof taskActivity>;

/** GET task-dashboard/organisation/?weeks&tz (staff): the last `weeks` ISO weeks up to this one. */
export const organisationDashboardQuery = z.object({
  weeks: z.coerce
    .number({ error: m.weeksRange })
    .int(m.weeksRange)
    .min(1, m.weeksRange)
    .max(L.dashboardWeeks, m.weeksRange)
    .default(8),
  tz: timeZoneParam,
});
export type OrganisationDashboardQuery = z.infer<typeof organisationDashboardQuery>;

export const organisationDashboard = z.object({
  tz: z.string(),
  from: z.string(),
  to: z.string(),
  /** The Mondays of the weeks shown, oldest first. */
  weeks: z.array(z.string()),
  /** One row per user and week with time (weeks without time are absent). */
  hours_per_user: z.array(
    z.object({
      user_id: z.number().int(),
      user_name: z.string(),
      week_start: z.string(),
      billable_seconds: z.number().int(),
      non_billable_seconds: z.number().int(),
    }),
  ),
  tasks_by_status: z.array(z.object({ status: z.enum(TASK_STATUSES), count: z.number().int() })),
  overdue: z.array(taskRow),
  overdue_count: z.number().int(),
  cases_by_time: z.array(timeTotal.extend({ case_id: z.number().int().nullable(), case_title: z.string().nullable() })),
  total: timeTotal,
});
export type OrganisationDashboard = z.infer<typeof organisationDashboard>;

export const myDashboardQuery = z.object({ tz: timeZoneParam });
export type MyDashboardQuery = z.infer<typeof myDashboardQuery>;

/** GET task-dashboard/me/?tz: my open tasks due (overdue first, then the next 14 days), my week, my timer. */
export const myDashboard = z.object({
  tz: z.string(),
  today: z.string(),
  tasks_due: z.array(taskRow),
  week: z.object({
    week_start: z.string(),
    days: z.array(timeTotal.extend({ date: z.string() })),
    total: timeTotal,
  }),
  timer: ongoingTimer,
});
export type MyDashboard = z.infer<typeof myDashboard>;

// ---- Settings ---------------------------------------------------------------------------------------------

/** GET/PUT task-settings/ (staff): the organisation's idle limit and billing increment (applied by invoices). */
export const taskSettings = z.object({
  idle_minutes: z
    .number({ error: m.idleMinutesRange })
    .int(m.idleMinutesRange)
    .min(IDLE.min, m.idleMinutesRange)
    .max(IDLE.max, m.idleMinutesRange),
  billing_increment_minutes: z
    .number({ error: m.billingIncrementRange })
    .int(m.billingIncrementRange)
    .min(BILLING.min, m.billingIncrementRange)
    .max(BILLING.max, m.billingIncrementRange),
});
export type TaskSettings = z.infer<typeof taskSettings>;
export const taskSettingsSaved = z.object({ detail: z.string(), settings: taskSettings });
export type TaskSettingsSaved = z.infer<typeof taskSettingsSaved>;

/** Users the task forms offer as assignees (the organisation's active users with the module). */
export const taskAssigneeOptions = z.object({ data: z.array(taskPerson) });
export type TaskAssigneeOptions = z.infer<typeof taskAssigneeOptions>;
