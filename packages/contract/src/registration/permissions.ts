import type { PermissionRule } from '../roles.ts';

/** Permissions of this area: `module.entity.action` → roles (and module flag). Merged into PERMISSIONS. */
export const REGISTRATION_PERMISSIONS = {
  'admin.settings.read': { roles: ['super'] },
  'admin.settings.update': { roles: ['super'] },
  'admin.audit.read': { roles: ['super'] },
  'admin.delivery.read': { roles: ['super'] },
  'users.login.unblock': { roles: ['super', 'admin'] },
  'organisations.mfa_policy.read': { roles: ['super', 'admin'] },
  'organisations.mfa_policy.update': { roles: ['super', 'admin'] },
} as const satisfies Record<string, PermissionRule>;
