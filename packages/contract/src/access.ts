/**
 * Who may do what: roles, plans, module flags, the permission table, the side menu and the landing rules.
 * One table, read by the server (route access) and the web (menus, guards, hidden actions).
 * A module that is not built yet has no entry here: later modules add their rows.
 */
import { ANALYSER_PERMISSIONS } from './analyser/permissions.ts';
import { PLAYBOOK_PERMISSIONS } from './playbooks/permissions.ts';
import { CASE_RECORD_PERMISSIONS } from './case-records/permissions.ts';
import { CASE_PERMISSIONS } from './cases/permissions.ts';
import { INVOICE_PERMISSIONS } from './invoices/permissions.ts';
import { KNOWLEDGE_PERMISSIONS } from './knowledge/permissions.ts';
import { ORGANISATION_PERMISSIONS } from './organisations/permissions.ts';
import { QUESTIONNAIRE_PERMISSIONS } from './questionnaires/permissions.ts';
import { REGISTRATION_PERMISSIONS } from './registration/permissions.ts';
import {
  holdsGrant,
  MODULE_FLAGS,
  PLAN_NAMES,
  ROLES,
  type AccessSubject,
  type MenuItem,
  type PermissionRule,
  type PlanName,
  type Role,
} from './roles.ts';
import { TASK_PERMISSIONS } from './tasks/permissions.ts';
import { TEMPLATE_PERMISSIONS } from './templates/permissions.ts';

export * from './roles.ts';

/** `module.entity.action` → who may. Routes name one of these (or 'public' / 'authenticated'). */
export const PERMISSIONS = {
  'admin.outbox.read': { roles: ['super'] },
  'admin.links.send': { roles: ['super'] },
  'admin.organisations.list': { roles: ['super'] },
  ...ORGANISATION_PERMISSIONS,
  ...REGISTRATION_PERMISSIONS,
  ...CASE_PERMISSIONS,
  ...CASE_RECORD_PERMISSIONS,
  ...QUESTIONNAIRE_PERMISSIONS,
  ...TEMPLATE_PERMISSIONS,
  ...ANALYSER_PERMISSIONS,
  ...PLAYBOOK_PERMISSIONS,
  ...TASK_PERMISSIONS,
  ...INVOICE_PERMISSIONS,
  ...KNOWLEDGE_PERMISSIONS,
} as const satisfies Record<string, PermissionRule>;
export type Permission = keyof typeof PERMISSIONS;
/**
 * 'authenticated' = any signed-in user; the service then checks ownership (own profile, own notifications).
 * The knowledge API (its own base path, spec 01 §7) never takes a main session token: 'knowledge_token' =
 * a knowledge token, 'knowledge_api_key' = `Authorization: Api-Key <key>` of a service call (docs/knowledge.md).
 */
export type RouteAccess = Permission | 'public' | 'authenticated' | KnowledgeRouteAccess;
export const KNOWLEDGE_ROUTE_ACCESS = ['knowledge_token', 'knowledge_api_key'] as const;
export type KnowledgeRouteAccess = (typeof KNOWLEDGE_ROUTE_ACCESS)[number];

/** True when the subject passes the rule of `permission`. */
export function can(subject: AccessSubject, permission: Permission): boolean {
  const rule: PermissionRule = PERMISSIONS[permission];
  if (!rule.roles.includes(subject.role)) return false;
  if (rule.grant && !holdsGrant(subject, rule.grant)) return false;
  return rule.module ? subject.modules[rule.module] : true;
}

const ALL = ROLES;
const STAFF: readonly Role[] = ['super', 'admin'];
const SUPER: readonly Role[] = ['super'];
const MEMBERSHIP: readonly PlanName[] = ['Membership'];

/**
 * The side menu of spec 01 §2, in display order. Help is always shown. The web shows only the items whose
 * page is built, so a module that is not built yet is simply absent from the menu.
 */
export const SIDE_MENU: readonly MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', roles: ALL, module: 'case_permission' },
  { key: 'organisations', label: 'Organization', path: '/organization', roles: SUPER },
  // Users also shows on the Membership plan's reduced menu (spec 01 §2).
  { key: 'users', label: 'Users', path: '/user', roles: STAFF, plans: PLAN_NAMES },
  {
    key: 'case',
    label: 'Case',
    roles: STAFF,
    module: 'case_permission',
    children: [
      { key: 'case-list', label: 'Case List', path: '/case', roles: STAFF },
      { key: 'case-reports', label: 'Case Reports', path: '/case-report', roles: STAFF },
      { key: 'case-alerts', label: 'Case Alerts', path: '/case-alerts', roles: STAFF },
    ],
  },
  { key: 'case-user', label: 'Case', path: '/case', roles: ['user'], module: 'case_permission' },
  // Knowledge (spec 01 §2): the separate application, opened in a new tab through the hand-over (docs/knowledge.md).
  { key: 'knowledge', label: 'Knowledge', external: 'knowledge', roles: ALL, module: 'knowledge_permission' },
  { key: 'my-playbook', label: 'My Playbook', path: '/my-playbook', roles: ALL, module: 'my_playbooks_permission' },
  {
    key: 'precedents',
    label: 'Precedents',
    roles: STAFF,
    module: 'precedent_permission',
    children: [
      { key: 'templates', label: 'Template', path: '/document-template', roles: STAFF },
      { key: 'export-template', label: 'Export Template', path: '/export-template', roles: SUPER },
      { key: 'export-history', label: 'Export History', path: '/export-history', roles: SUPER },
      { key: 'questionnaires', label: 'Questionnaire', path: '/document-questionaries', roles: STAFF },
    ],
  },
  // A user's Precedents goes straight to the template list.
  {
    key: 'precedents-user',
    label: 'Precedents',
    path: '/document-template',
    roles: ['user'],
    module: 'precedent_permission',
  },
  // Doc Analyser (spec 01 §2): Concepts, Review and Saved Searches; a page shows once its module is built.
  {
    key: 'doc-analyser',
    label: 'Doc Analyser',
    roles: ALL,
    module: 'doc_analyzer_permission',
    children: [
      { key: 'concept-repo', label: 'Concepts', path: '/concept-repo', roles: ALL },
      { key: 'review', label: 'Review', path: '/queries', roles: ALL },
      { key: 'saved-searches', label: 'Saved Searches', path: '/save-search', roles: ALL },
    ],
  },
  // Task Tracker (spec 01 §2): staff see the organisation's dashboard, users their own.
  {
    key: 'task-tracker',
    label: 'Task Tracker',
    roles: ALL,
    module: 'task_management_permission',
    children: [
      { key: 'superuser-dashboard', label: 'Dashboard', path: '/superuser-dashboard', roles: STAFF },
      { key: 'user-dashboard', label: 'Dashboard', path: '/user-dashboard', roles: ['user'] },
      { key: 'task-detail', label: 'Task Detail', path: '/task', roles: ALL },
      { key: 'task-activity', label: 'Task Activity', path: '/task-activity', roles: ALL },
    ],
  },
  // Invoice (spec 01 §2): the billing dashboard; its pages link the invoice list and the client accounts.
  // A plain user sees it with the Billing grant (invoices.read).
  {
    key: 'invoice',
    label: 'Invoice',
    path: '/invoicemain',
    roles: ALL,
    module: 'invoice_permission',
    grant: 'billing_permission',
  },
  { key: 'plan-details', label: 'Plan Details', path: '/plan-details', roles: SUPER },
  // The Membership plan's reduced menus (spec 01 §2): staff see Users (above) and these; users only these.
  {
    key: 'membership-task-detail',
    label: 'Task Detail',
    path: '/task',
    roles: ALL,
    module: 'task_management_permission',
    plans: MEMBERSHIP,
  },
  {
    key: 'membership-task-activity',
    label: 'Task Activity',
    path: '/task-activity',
    roles: ALL,
    module: 'task_management_permission',
    plans: MEMBERSHIP,
  },
  {
    key: 'membership-concepts',
    label: 'Concepts',
    path: '/concept-repo',
    roles: ALL,
    module: 'doc_analyzer_permission',
    plans: MEMBERSHIP,
  },
  { key: 'help', label: 'Help', external: 'help', roles: ALL, plans: PLAN_NAMES },
];

/** Plans whose menu is the reduced one of spec 01 §2 (only items that list the plan show). */
export const REDUCED_MENU_PLANS: readonly PlanName[] = ['Membership'];

/** The side menu the subject sees: role, plan, module flags and grants applied, empty groups dropped. */
export function menuFor(subject: AccessSubject, items: readonly MenuItem[] = SIDE_MENU): MenuItem[] {
  const reduced = REDUCED_MENU_PLANS.includes(subject.plan);
  const visible = (item: MenuItem): boolean =>
    item.roles.includes(subject.role) &&
    (item.module ? subject.modules[item.module] : true) &&
    (item.grant ? holdsGrant(subject, item.grant) : true) &&
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
  if (subject.plan === 'Membership') {
    // Membership users are redirected to /concept-repo; until it is built, staff land on Users (their menu).
    const membership = subject.role === 'user' ? ['/concept-repo'] : ['/concept-repo', '/user'];
    return membership.find((path) => available.has(path)) ?? `/user/profile/${userId}`;
  }
  const candidates: string[] = [];
  if (m.case_permission) candidates.push('/dashboard');
  if (m.precedent_permission) candidates.push('/document-template');
  if (m.doc_analyzer_permission) candidates.push('/queries');
  if (m.my_playbooks_permission) candidates.push('/my-playbook');
  if (!MODULE_FLAGS.some((flag) => flag !== 'knowledge_permission' && m[flag])) {
    candidates.push(subject.role === 'user' ? '/knowledge' : '/user');
  }
  return candidates.find((path) => available.has(path)) ?? `/user/profile/${userId}`;
}
