/**
 * Who may do what: roles, plans, module flags, the permission table, the side menu and the landing rules.
 * One table, read by the server (route access) and the web (menus, guards, hidden actions).
 * A module that is not built yet has no entry here: later modules add their rows.
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

/** `module.entity.action` → who may. Routes name one of these (or 'public' / 'authenticated'). */
export const PERMISSIONS = {
  'admin.outbox.read': { roles: ['super'] },
  'admin.links.send': { roles: ['super'] },
  'admin.organisations.list': { roles: ['super'] },
} as const satisfies Record<string, PermissionRule>;
export type Permission = keyof typeof PERMISSIONS;
/** 'authenticated' = any signed-in user; the service then checks ownership (own profile, own notifications). */
export type RouteAccess = Permission | 'public' | 'authenticated';

/** True when the subject passes the rule of `permission`. */
export function can(subject: AccessSubject, permission: Permission): boolean {
  const rule: PermissionRule = PERMISSIONS[permission];
  if (!rule.roles.includes(subject.role)) return false;
  return rule.module ? subject.modules[rule.module] : true;
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

/** The side menu of spec 01 §2, in display order. Help is always shown. */
export const SIDE_MENU: readonly MenuItem[] = [
  { key: 'help', label: 'Help', external: 'help', roles: ROLES, plans: PLAN_NAMES },
];

/** Plans whose menu is the reduced one of spec 01 §2 (only items that list the plan show). */
export const REDUCED_MENU_PLANS: readonly PlanName[] = ['Membership'];

/** The side menu the subject sees: role, plan and module flags applied, empty groups dropped. */
export function menuFor(subject: AccessSubject, items: readonly MenuItem[] = SIDE_MENU): MenuItem[] {
  const reduced = REDUCED_MENU_PLANS.includes(subject.plan);
  const visible = (item: MenuItem): boolean =>
    item.roles.includes(subject.role) &&
    (item.module ? subject.modules[item.module] : true) &&
    (item.plans ? item.plans.includes(subject.plan) : !reduced);
  const result: MenuItem[] = [];
  for (const item of items) {
    if (!visible(item)) continue;
    if (item.children) {
      const children = menuFor(subject, item.children);
      if (children.length === 0) continue;
      result.push({ ...item, children });
    } else result.push(item);
  }
  return result;
}

/** Profile menu entries beyond name/role: Admin Setting is for super only (spec 01 §6). */
export const ADMIN_SETTING_ROLES: readonly Role[] = ['super'];

/**
 * Landing after sign-in (spec 01 §4), limited to the routes that exist (`available`).
 * When no rule's route exists yet, the user lands on their profile.
 */
export function landingPath(subject: AccessSubject, userId: number, available: ReadonlySet<string>): string {
  const m = subject.modules;
  const candidates: string[] = [];
  if (subject.plan === 'Membership') candidates.push('/concept-repo');
  if (m.case_permission) candidates.push('/dashboard');
  if (m.precedent_permission) candidates.push('/document-template');
  if (m.doc_analyzer_permission) candidates.push('/queries');
  if (m.my_playbooks_permission) candidates.push('/my-playbook');
  if (!MODULE_FLAGS.some((flag) => flag !== 'knowledge_permission' && m[flag])) {
    candidates.push(subject.role === 'user' ? '/knowledge' : '/user');
  }
  return candidates.find((path) => available.has(path)) ?? `/user/profile/${userId}`;
}
