import type { PermissionRule, Role } from '../roles.ts';

const ALL: readonly Role[] = ['super', 'admin', 'user'];
const STAFF: readonly Role[] = ['super', 'admin'];
const SUPER: readonly Role[] = ['super'];
const PRECEDENT = 'precedent_permission' as const;

/**
 * Permissions of templates, executions and template exports (spec 02 §6). Users see the templates
 * assigned to them, run them, and see, download and delete their own history (checked in the services).
 */
export const TEMPLATE_PERMISSIONS = {
  'templates.templates.read': { roles: ALL, module: PRECEDENT },
  'templates.templates.write': { roles: STAFF, module: PRECEDENT },
  'templates.executions.run': { roles: ALL, module: PRECEDENT },
  'templates.history.read': { roles: ALL, module: PRECEDENT },
  'templates.history.delete': { roles: ALL, module: PRECEDENT },
  'templates.history.users': { roles: STAFF, module: PRECEDENT },
  'templates.exports.manage': { roles: SUPER, module: PRECEDENT },
} as const satisfies Record<string, PermissionRule>;
