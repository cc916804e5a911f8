import type { PermissionRule } from '../roles.ts';

/** Permissions of this area: `module.entity.action` → roles (and module flag). Merged into PERMISSIONS. */
export const ORGANISATION_PERMISSIONS = {
  /** /organization: list, create, edit, history, delete, usage data (spec 01 §6: super only). */
  'organisations.organisations.manage': { roles: ['super'] },
  /** /user: list, invite, edit, history, delete, activate (super: everyone; admin: own organisation). */
  'organisations.users.manage': { roles: ['super', 'admin'] },
  /** Plans with durations, an organisation's plan and limit (admin: own organisation), change plan. */
  'organisations.plans.manage': { roles: ['super', 'admin'] },
} as const satisfies Record<string, PermissionRule>;
