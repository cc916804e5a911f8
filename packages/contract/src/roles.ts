/**
 * Roles, plans, module flags and the shapes of permission rules and menu items. Kept apart from access.ts
 * so each area's permission file can use them without an import cycle.
 */
export const ROLES = ['super', 'admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const PLAN_NAMES = ['Trial', 'Associate', 'Membership', 'Bespoke'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Module flags as the login and permission-monitoring responses name them. */
export const MODULE_FLAGS = [
  'knowledge_permission',
  'case_permission',
  'precedent_permission',
  'doc_analyzer_permission',
  'my_playbooks_permission',
  'task_management_permission',
  'invoice_permission',
] as const;
export type ModuleFlag = (typeof MODULE_FLAGS)[number];
export type ModuleFlags = Record<ModuleFlag, boolean>;

export const MODULE_LABELS: Record<ModuleFlag, string> = {
  knowledge_permission: 'Knowledge',
  case_permission: 'Case',
  precedent_permission: 'Precedents',
  doc_analyzer_permission: 'Doc Analyser',
  my_playbooks_permission: 'My Playbook',
  task_management_permission: 'Task Tracker',
  invoice_permission: 'Invoice',
};

/**
 * Grants the organisation's admin gives a plain user beside the module flags (users/ screen); admins and the
 * super user hold them by their role. `billing_permission`: read the firm's billing (the billing dashboard,
 * every invoice and client account): a firm's admin decides who reads what each client is billed.
 */
export const USER_GRANTS = ['billing_permission'] as const;
export type UserGrant = (typeof USER_GRANTS)[number];
export const USER_GRANT_LABELS: Record<UserGrant, string> = {
  billing_permission: 'Billing: reads every invoice and client account of the firm',
};

/** What a check needs to know about the caller. */
export interface AccessSubject {
  role: Role;
  plan: PlanName;
  modules: ModuleFlags;
  /** A plain user's grants (absent: none); other roles hold every grant. */
  grants?: Partial<Record<UserGrant, boolean>>;
}

/** True when the subject holds `grant`: by its role (admin, super), or given to a plain user by the admin. */
export function holdsGrant(subject: Pick<AccessSubject, 'role' | 'grants'>, grant: UserGrant): boolean {
  return subject.role !== 'user' || subject.grants?.[grant] === true;
}

export interface PermissionRule {
  roles: readonly Role[];
  /** The module flag the caller must have, if any. */
  module?: ModuleFlag;
  /** The grant a plain user must also have, if any (admins and super hold it by role). */
  grant?: UserGrant;
}

export interface MenuItem {
  key: string;
  label: string;
  /** In-app route, or an external address resolved at run time ('help', 'knowledge'). */
  path?: string;
  external?: 'help' | 'knowledge';
  roles: readonly Role[];
  module?: ModuleFlag;
  /** The grant a plain user must have to see the item, if any. */
  grant?: UserGrant;
  /** Plans that show the item; absent means every plan but those with a reduced menu of their own. */
  plans?: readonly PlanName[];
  children?: readonly MenuItem[];
}
