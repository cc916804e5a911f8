import type { PermissionRule } from '../roles.ts';

/** Permissions of this area: `module.entity.action` → roles (and module flag). Merged into PERMISSIONS. */
export const ORGANISATION_PERMISSIONS = {
  /** /organization: list, create, edit, history, delete, usage data (spec 01 §6: super only). */
  'organisations.organisations.manage': { roles: ['super'] },
  /** /user: list, invite, edit, history, delete, activate (super: everyone; admin: own organisation). */
  'organisations.users.manage': { roles: ['super', 'admin'] },
  /** Plans with durations, an organisation's plan and limit (admin: own organisation), change plan. */
  'organisations.plans.manage': { roles: ['super', 'admin'] },
  /** Acts on every organisation, not only its own: lists span all, `org_id` picks one (the provider's staff). */
  'organisations.any_organisation.access': { roles: ['super'] },
  /** Sees super users and grants the super role (to anyone else a super user answers 404). */
  'organisations.super_users.manage': { roles: ['super'] },
} as const satisfies Record<string, PermissionRule>;
