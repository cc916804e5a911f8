import {
  can,
  myDashboard,
  myDashboardQuery,
  ongoingTimer,
  organisationDashboard,
  organisationDashboardQuery,
  taskActivity,
  taskActivityExportQuery,
  taskActivityQuery,
  taskParams,
  taskSettings,
  taskSettingsSaved,
  timeEntryApproveBody,
  timeEntryApproved,
  timeEntryBody,
  timeEntryList,
  timeEntryListQuery,
  timeEntryParams,
  timeEntrySaved,
  timeEntryUpdateBody,
  timerAnswer,
  timerIdleBody,
  timerStartBody,
  timerStopBody,
  detailResponse,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { activityCsv, activityXlsx } from './activity-export.ts';
import { activityFilter, activityService, timeRows } from './activity.service.ts';
import { dashboardsService } from './dashboards.service.ts';
import { taskSettingsService } from './settings.service.ts';
import { timeEntriesService } from './time-entries.service.ts';
import { timerService } from './timer.service.ts';

const tags = ['tasks'];
const binaryFile = z.string().describe('binary');

/** The timer, time entries, activity, dashboards and task settings (docs/tasks.md "Calls"). */
export const timeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const timer = timerService(ctx);
  const entries = timeEntriesService(ctx);
  const activity = activityService(ctx);
  const dashboards = dashboardsService(ctx);
  const settings = taskSettingsService(ctx);
  const TIME = 'tasks.time' as const;

  route(app, {
    method: 'GET',
    url: '/api/task/ongoing-timer/',
    // The top bar polls it for everyone: without the task tracker the answer is simply "no timer" (a 403 would
    // sign the user out in the web client).
    access: 'authenticated',
    tags,
    summary: "The caller's timer: task, seconds so far (from the stored start times), idle seconds; nulls without one",
    reply: ongoingTimer,
    handler: ({ actor }) => (can(actor, TIME) ? timer.ongoing(actor) : timer.none(actor)),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/:task_id/timer/start/',
    access: TIME,
    tags,
    summary: "Start a timer on the task; the caller's other timer stops first (one timer per user)",
    params: taskParams,
    body: timerStartBody,
    reply: timerAnswer,
    handler: ({ actor, params, body }) => timer.start(actor, params.task_id, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/timer/pause/',
    access: TIME,
    tags,
    summary: 'Pause the running timer',
    reply: timerAnswer,
    errors: [409],
    handler: ({ actor }) => timer.pause(actor),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/timer/resume/',
    access: TIME,
    tags,
    summary: 'Resume the paused timer',
    reply: timerAnswer,
    errors: [409],
    handler: ({ actor }) => timer.resume(actor),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/timer/stop/',
    access: TIME,
    tags,
    summary: 'Stop the timer: its time becomes a time entry (raw seconds)',
    body: timerStopBody,
    reply: timerAnswer,
    errors: [409],
    handler: ({ actor, body }) => timer.stop(actor, body),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/timer/activity/',
    access: TIME,
    tags,
    summary: 'The user is active (sent at most once a minute): resets the idle time of a running timer',
    reply: timerAnswer,
    handler: ({ actor }) => timer.activity(actor),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/timer/idle/',
    access: TIME,
    tags,
    summary: 'After the idle prompt: keep the idle time, discard it, or stop at the last activity',
    body: timerIdleBody,
    reply: timerAnswer,
    errors: [409],
    handler: ({ actor, body }) => timer.idle(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/time-entry/',
    access: TIME,
    tags,
    summary: "Time entries (a user's own; staff everyone's), newest day first, with the total seconds",
    query: timeEntryListQuery,
    reply: timeEntryList,
    handler: ({ actor, query }) => entries.list(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/time-entry/',
    access: TIME,
    tags,
    summary: "Time typed by hand ('1h20m', '1:20', '1.33h') on a task",
    body: timeEntryBody,
    reply: timeEntrySaved,
    created: true,
    notFound: true,
    handler: ({ actor, body }) => entries.add(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/time-entry/:time_entry_id/',
    access: TIME,
    tags,
    summary: 'Change a time entry (own, or staff any) while it is not approved',
    params: timeEntryParams,
    body: timeEntryUpdateBody,
    reply: timeEntrySaved,
    errors: [409],
    handler: ({ actor, params, body }) => entries.update(actor, params.time_entry_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/time-entry/:time_entry_id/',
    access: TIME,
    tags,
    summary: 'Delete a time entry (own, or staff any) while it is not approved',
    params: timeEntryParams,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params }) => entries.remove(actor, params.time_entry_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/time-entry/approve/',
    access: 'tasks.approve',
    tags,
    summary: 'Approve (lock) stopped time entries, or unlock them with approved: false',
    body: timeEntryApproveBody,
    reply: timeEntryApproved,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => entries.approve(actor, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/task-activity/',
    access: 'tasks.read',
    tags,
    summary: "The tasks' events and the time by day, week, user and case (days in `tz`); a user sees their own time",
    query: taskActivityQuery,
    reply: taskActivity,
    handler: ({ actor, query }) => activity.activity(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/task-activity/export/',
    access: 'tasks.read',
    tags,
    summary: 'The time rows of the activity as .xlsx (with totals) or .csv',
    query: taskActivityExportQuery,
    reply: binaryFile,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/json'],
    handler: async ({ actor, query, reply }) => {
      const rows = await timeRows(ctx, actor.organisationId, query, activityFilter(actor, query));
      const csv = query.format === 'csv';
      const body = csv ? activityCsv(rows) : await activityXlsx(rows, ctx.now());
      return reply
        .header(
          'content-type',
          csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="task-activity-${query.from}-${query.to}.${query.format}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', String(body.length))
        .send(body as unknown as string);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/task-dashboard/organisation/',
    access: 'tasks.dashboard.organisation',
    tags,
    summary: 'Hours per user per week (billable / non-billable), tasks by status, overdue tasks, cases by time',
    query: organisationDashboardQuery,
    reply: organisationDashboard,
    handler: ({ actor, query }) => dashboards.organisation(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/task-dashboard/me/',
    access: 'tasks.read',
    tags,
    summary: 'My open tasks due, my time this week by day, my running timer',
    query: myDashboardQuery,
    reply: myDashboard,
    handler: ({ actor, query }) => dashboards.me(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/task-settings/',
    access: 'tasks.settings',
    tags,
    summary: "The organisation's idle limit for timers and billing increment",
    reply: taskSettings,
    handler: ({ actor }) => settings.get(actor),
  });
  route(app, {
    method: 'PUT',
    url: '/api/task-settings/',
    access: 'tasks.settings',
    tags,
    summary: 'Set the idle limit (1–240 minutes) and the billing increment (1–60 minutes)',
    body: taskSettings,
    reply: taskSettingsSaved,
    handler: ({ actor, body }) => settings.save(actor, body),
  });
};
