import type { PermissionRule } from '../roles.ts';

const STAFF = ['super', 'admin'] as const;
const ALL = ['super', 'admin', 'user'] as const;
const module = 'task_management_permission';

/**
 * The task tracker (issue 15, docs/tasks.md "Permissions"). Everyone with the module reads tasks and writes
 * the tasks they created or are assigned to (staff any), and keeps their own timer and time entries; staff
 * approve (lock) entries, see the organisation dashboard and set the idle limit and billing increment.
 */
export const TASK_PERMISSIONS = {
  'tasks.read': { roles: ALL, module },
  'tasks.write': { roles: ALL, module },
  'tasks.time': { roles: ALL, module },
  'tasks.approve': { roles: STAFF, module },
  'tasks.dashboard.organisation': { roles: STAFF, module },
  'tasks.settings': { roles: STAFF, module },
  /** Not a route's access: staff edit and delete any task, time entry and comment of the organisation. */
  'tasks.manage': { roles: STAFF, module },
} as const satisfies Record<string, PermissionRule>;
