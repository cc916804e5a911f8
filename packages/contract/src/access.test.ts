import { describe, expect, it } from 'vitest';
import {
  can,
  landingPath,
  menuFor,
  MODULE_FLAGS,
  type AccessSubject,
  type MenuItem,
  type ModuleFlags,
} from './access.ts';

const allOn = Object.fromEntries(MODULE_FLAGS.map((f) => [f, true])) as ModuleFlags;
const allOff = Object.fromEntries(MODULE_FLAGS.map((f) => [f, false])) as ModuleFlags;
/** The subject with the Billing grant an admin gives a plain user (issue 29). */
const billing = (s: AccessSubject): AccessSubject => ({ ...s, grants: { billing_permission: true } });
const subject = (role: AccessSubject['role'], modules = allOn, plan: AccessSubject['plan'] = 'Associate') => ({
  role,
  plan,
  modules,
});

const table: MenuItem[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: '/dashboard',
    roles: ['super', 'admin', 'user'],
    module: 'case_permission',
  },
  { key: 'organisation', label: 'Organization', path: '/organization', roles: ['super'] },
  {
    key: 'precedents',
    label: 'Precedents',
    roles: ['super', 'admin'],
    children: [{ key: 'export', label: 'Export Template', path: '/export-template', roles: ['super'] }],
  },
  {
    key: 'concepts',
    label: 'Concepts',
    path: '/concept-repo',
    roles: ['super', 'admin', 'user'],
    plans: ['Membership'],
  },
  {
    key: 'help',
    label: 'Help',
    external: 'help',
    roles: ['super', 'admin', 'user'],
    plans: ['Associate', 'Membership'],
  },
];

describe('menuFor', () => {
  it('applies role, module flag and plan, and drops empty groups', () => {
    expect(menuFor(subject('super'), table).map((i) => i.key)).toEqual([
      'dashboard',
      'organisation',
      'precedents',
      'help',
    ]);
    expect(menuFor(subject('admin'), table).map((i) => i.key)).toEqual(['dashboard', 'help']);
    expect(menuFor(subject('user', { ...allOn, case_permission: false }), table).map((i) => i.key)).toEqual(['help']);
  });

  it('shows only the items a reduced-menu plan lists', () => {
    expect(menuFor(subject('admin', allOn, 'Membership'), table).map((i) => i.key)).toEqual(['concepts', 'help']);
  });

  it('always shows Help in the built-in menu', () => {
    for (const role of ['super', 'admin', 'user'] as const)
      expect(menuFor(subject(role, allOff)).map((i) => i.key)).toContain('help');
  });
});

describe('landingPath', () => {
  const built = new Set([
    '/dashboard',
    '/document-template',
    '/queries',
    '/my-playbook',
    '/knowledge',
    '/user',
    '/concept-repo',
  ]);
  it('follows the order of spec 01 §4', () => {
    expect(landingPath(subject('user'), 7, built)).toBe('/dashboard');
    expect(landingPath(subject('user', { ...allOff, precedent_permission: true }), 7, built)).toBe(
      '/document-template',
    );
    expect(landingPath(subject('user', { ...allOff, doc_analyzer_permission: true }), 7, built)).toBe('/queries');
    expect(landingPath(subject('user', { ...allOff, my_playbooks_permission: true }), 7, built)).toBe('/my-playbook');
    expect(landingPath(subject('user', allOff), 7, built)).toBe('/knowledge');
    expect(landingPath(subject('admin', allOff), 7, built)).toBe('/user');
    expect(landingPath(subject('user', allOn, 'Membership'), 7, built)).toBe('/concept-repo');
  });

  it('lands on the profile while no rule has a built route', () => {
    expect(landingPath(subject('user'), 7, new Set())).toBe('/user/profile/7');
  });
});

describe('can', () => {
  it('lets only super read the outbox', () => {
    expect(can(subject('super'), 'admin.outbox.read')).toBe(true);
    expect(can(subject('admin'), 'admin.outbox.read')).toBe(false);
    expect(can(subject('user'), 'admin.outbox.read')).toBe(false);
  });
});

describe('Task Tracker menu', () => {
  it('gives staff the organisation dashboard and users their own', () => {
    const group = (role: AccessSubject['role']) =>
      menuFor(subject(role))
        .find((item) => item.key === 'task-tracker')
        ?.children?.map((item) => item.path);
    expect(group('super')).toEqual(['/superuser-dashboard', '/task', '/task-activity']);
    expect(group('admin')).toEqual(['/superuser-dashboard', '/task', '/task-activity']);
    expect(group('user')).toEqual(['/user-dashboard', '/task', '/task-activity']);
    expect(menuFor(subject('user', { ...allOn, task_management_permission: false })).map((i) => i.key)).not.toContain(
      'task-tracker',
    );
    expect(can(subject('user'), 'tasks.approve')).toBe(false);
    expect(can(subject('admin'), 'tasks.approve')).toBe(true);
  });
});

describe('Invoice menu', () => {
  it('shows Invoice to staff and granted users with the module, after Task Tracker and before Plan Details', () => {
    expect(menuFor(subject('user')).map((i) => i.key)).not.toContain('invoice');
    for (const who of [subject('super'), subject('admin'), billing(subject('user'))]) {
      const keys = menuFor(who).map((i) => i.key);
      expect(keys).toContain('invoice');
      expect(keys.indexOf('invoice')).toBe(keys.indexOf('task-tracker') + 1);
    }
    const superKeys = menuFor(subject('super')).map((i) => i.key);
    expect(superKeys.indexOf('plan-details')).toBe(superKeys.indexOf('invoice') + 1);
    expect(menuFor(subject('super')).find((i) => i.key === 'invoice')?.path).toBe('/invoicemain');
    expect(menuFor(subject('admin', { ...allOn, invoice_permission: false })).map((i) => i.key)).not.toContain(
      'invoice',
    );
    expect(menuFor(subject('admin', allOn, 'Membership')).map((i) => i.key)).not.toContain('invoice');
  });

  it('lets staff and users with the Billing grant read invoices, and only staff manage them', () => {
    expect(can(subject('user'), 'invoices.read')).toBe(false);
    expect(can(billing(subject('user')), 'invoices.read')).toBe(true);
    expect(can(billing(subject('user')), 'invoices.manage')).toBe(false);
    expect(can(billing(subject('user', { ...allOn, invoice_permission: false })), 'invoices.read')).toBe(false);
    expect(can(subject('admin'), 'invoices.read')).toBe(true);
    expect(can(subject('admin'), 'invoices.manage')).toBe(true);
    expect(can(subject('super', { ...allOn, invoice_permission: false }), 'invoices.read')).toBe(false);
  });
});
