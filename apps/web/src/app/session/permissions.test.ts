import { MODULE_FLAGS, type PermissionMonitoringResponse } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { permissionsDiffer } from './permissions.ts';
import type { Session } from './storage.ts';

const flags = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as Record<
  (typeof MODULE_FLAGS)[number],
  boolean
>;
const session: Session = {
  token: 't',
  userId: 1,
  username: 'a@b.com',
  organisation: 'Demo Law LLP',
  role: 'admin',
  plan: 'Associate',
  modules: flags,
  permissions: { ...flags, knowledge_access: true, knowledge_data_permission: false, billing_permission: true },
};
const polled: PermissionMonitoringResponse = {
  ...flags,
  is_dark_theme: true,
  theme_chosen: true,
  knowledge_token: 'k',
  knowledge_access: true,
  knowledge_data_permission: false,
  billing_permission: true,
  user_role: 'admin',
  current_plan: 'Associate',
};

describe('permissionsDiffer', () => {
  it('ignores the theme and the knowledge token', () => {
    expect(permissionsDiffer(session, { ...polled, is_dark_theme: false, knowledge_token: null })).toBe(false);
  });

  it('sees a new role, plan or module flag', () => {
    expect(permissionsDiffer(session, { ...polled, user_role: 'user' })).toBe(true);
    expect(permissionsDiffer(session, { ...polled, current_plan: 'Trial' })).toBe(true);
    for (const flag of MODULE_FLAGS) expect(permissionsDiffer(session, { ...polled, [flag]: false })).toBe(true);
    expect(permissionsDiffer(session, { ...polled, knowledge_access: false })).toBe(true);
  });
});
