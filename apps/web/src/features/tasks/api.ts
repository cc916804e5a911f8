import {
  checklistSaved,
  commentSaved,
  detailResponse,
  myDashboard,
  ongoingTimer,
  organisationDashboard,
  taskActivity,
  taskAssigneeOptions,
  taskAttachmentAdded,
  taskDetail,
  taskList,
  taskSaved,
  taskSettings,
  taskSettingsSaved,
  timeEntryApproved,
  timeEntryList,
  timeEntrySaved,
  timerAnswer,
  type ChecklistItemUpdate,
  type TaskActivityQuery,
  type TaskIdleAction,
  type TaskInput,
  type TaskListQuery,
  type TaskSettings,
  type TaskUpdateBody,
  type TimeEntryInput,
  type TimeEntryListQuery,
  type TimeEntryUpdateBody,
  type TimerStopBody,
} from '@lexdesk/contract';
import { apiRequest, apiUpload } from '../../api/client.ts';

/** The task tracker's calls (docs/tasks.md), each parsed with the contract's schema. */

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The browser's IANA zone: days and weeks of the activity and dashboards are cut in it. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

// Tasks
export type TaskListParams = Partial<Omit<TaskListQuery, 'tz'>>;
export const fetchTasks = (p: TaskListParams, signal?: AbortSignal) =>
  apiRequest('task/', { query: { ...p, tz: browserTimeZone() }, schema: taskList, ...signalOf(signal) });
export const fetchTask = (id: number, signal?: AbortSignal) =>
  apiRequest(`task/${id}/`, { schema: taskDetail, ...signalOf(signal) });
export const createTask = (body: TaskInput) => apiRequest('task/', { method: 'POST', body, schema: taskSaved });
export const updateTask = (id: number, body: TaskUpdateBody) =>
  apiRequest(`task/${id}/`, { method: 'PUT', body, schema: taskSaved });
export const deleteTask = (id: number) => apiRequest(`task/${id}/`, { method: 'DELETE', schema: detailResponse });
export const fetchAssigneeOptions = (signal?: AbortSignal) =>
  apiRequest('task-assignee/', { schema: taskAssigneeOptions, ...signalOf(signal) });

// Checklist, comments, attachments
export const addChecklistItem = (taskId: number, text: string) =>
  apiRequest(`task/${taskId}/checklist/`, { method: 'POST', body: { text }, schema: checklistSaved });
export const updateChecklistItem = (taskId: number, itemId: number, body: ChecklistItemUpdate) =>
  apiRequest(`task/${taskId}/checklist/${itemId}/`, { method: 'PUT', body, schema: checklistSaved });
export const deleteChecklistItem = (taskId: number, itemId: number) =>
  apiRequest(`task/${taskId}/checklist/${itemId}/`, { method: 'DELETE', schema: detailResponse });
export const addComment = (taskId: number, body: string) =>
  apiRequest(`task/${taskId}/comment/`, { method: 'POST', body: { body }, schema: commentSaved });
export const deleteComment = (taskId: number, commentId: number) =>
  apiRequest(`task/${taskId}/comment/${commentId}/`, { method: 'DELETE', schema: detailResponse });
export function uploadTaskAttachment(taskId: number, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('file', file);
  return apiUpload(`task/${taskId}/attachment/`, form, onProgress, { schema: taskAttachmentAdded });
}
/** GET (the file, with useDownload) and DELETE. */
export const taskAttachmentPath = (attachmentId: number) => `task-attachment/${attachmentId}/`;
export const deleteTaskAttachment = (attachmentId: number) =>
  apiRequest(taskAttachmentPath(attachmentId), { method: 'DELETE', schema: detailResponse });

// The timer (the server keeps it: every answer carries the timer as it now is)
export const fetchOngoingTimer = (signal?: AbortSignal) =>
  apiRequest('task/ongoing-timer/', { schema: ongoingTimer, ...signalOf(signal) });
export const startTimer = (taskId: number) =>
  apiRequest(`task/${taskId}/timer/start/`, { method: 'POST', body: { tz: browserTimeZone() }, schema: timerAnswer });
export const pauseTimer = () => apiRequest('task/timer/pause/', { method: 'POST', schema: timerAnswer });
export const resumeTimer = () => apiRequest('task/timer/resume/', { method: 'POST', schema: timerAnswer });
export const stopTimer = (body: TimerStopBody = {}) =>
  apiRequest('task/timer/stop/', { method: 'POST', body, schema: timerAnswer });
export const reportTimerActivity = () => apiRequest('task/timer/activity/', { method: 'POST', schema: timerAnswer });
export const answerIdle = (action: TaskIdleAction) =>
  apiRequest('task/timer/idle/', { method: 'POST', body: { action }, schema: timerAnswer });

// Time entries
export type TimeEntryListParams = Partial<TimeEntryListQuery>;
export const fetchTimeEntries = (p: TimeEntryListParams, signal?: AbortSignal) =>
  apiRequest('time-entry/', {
    query: { ...p, approved: p.approved === undefined ? undefined : String(p.approved) },
    schema: timeEntryList,
    ...signalOf(signal),
  });
export const addTimeEntry = (body: TimeEntryInput) =>
  apiRequest('time-entry/', { method: 'POST', body, schema: timeEntrySaved });
export const updateTimeEntry = (id: number, body: TimeEntryUpdateBody) =>
  apiRequest(`time-entry/${id}/`, { method: 'PUT', body, schema: timeEntrySaved });
export const deleteTimeEntry = (id: number) =>
  apiRequest(`time-entry/${id}/`, { method: 'DELETE', schema: detailResponse });
export const approveTimeEntries = (entryIds: readonly number[], approved = true) =>
  apiRequest('time-entry/approve/', {
    method: 'POST',
    body: { entry_ids: entryIds, approved },
    schema: timeEntryApproved,
  });

// Activity, dashboards, settings
export type TaskActivityParams = Omit<TaskActivityQuery, 'tz'>;
export const fetchTaskActivity = (p: TaskActivityParams, signal?: AbortSignal) =>
  apiRequest('task-activity/', { query: { ...p, tz: browserTimeZone() }, schema: taskActivity, ...signalOf(signal) });
export const TASK_ACTIVITY_EXPORT_PATH = 'task-activity/export/';
export const fetchOrganisationDashboard = (weeks: number, signal?: AbortSignal) =>
  apiRequest('task-dashboard/organisation/', {
    query: { weeks, tz: browserTimeZone() },
    schema: organisationDashboard,
    ...signalOf(signal),
  });
export const fetchMyDashboard = (signal?: AbortSignal) =>
  apiRequest('task-dashboard/me/', { query: { tz: browserTimeZone() }, schema: myDashboard, ...signalOf(signal) });
export const fetchTaskSettings = () => apiRequest('task-settings/', { schema: taskSettings });
export const saveTaskSettings = (body: TaskSettings) =>
  apiRequest('task-settings/', { method: 'PUT', body, schema: taskSettingsSaved });
