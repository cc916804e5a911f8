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

/** What a check needs to know about the caller. */
export interface AccessSubject {
  role: Role;
  plan: PlanName;
  modules: ModuleFlags;
}

export interface PermissionRule {
  roles: readonly Role[];
  /** The module flag the caller must have, if any. */
  module?: ModuleFlag;
}

export interface MenuItem {
  key: string;
  label: string;
  /** In-app route, or an external address resolved at run time ('help', 'knowledge'). */
  path?: string;
  external?: 'help' | 'knowledge';
  roles: readonly Role[];
  module?: ModuleFlag;
  /** Plans that show the item; absent means every plan but those with a reduced menu of their own. */
  plans?: readonly PlanName[];
  children?: readonly MenuItem[];
}
