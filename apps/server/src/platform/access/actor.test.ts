import { MODULE_FLAGS, sessionMessages, type ModuleFlags } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { ALL_ORGANISATIONS, effectiveModules, moduleColumnsOf, readScope, requireModule, type Actor } from './actor.ts';

const flags = (value: boolean) => Object.fromEntries(MODULE_FLAGS.map((f) => [f, value])) as ModuleFlags;
const actor = (role: Actor['role'], modules = flags(true)): Actor => ({
  userId: 7,
  organisationId: 3,
  role,
  plan: 'Associate',
  modules,
  sessionId: 1,
});

describe('the Actor checks', () => {
  it('lets super read every organisation and everyone else their own', () => {
    expect(readScope(actor('super'))).toBe(ALL_ORGANISATIONS);
    expect(readScope(actor('admin'))).toBe(3);
    expect(readScope(actor('user'))).toBe(3);
  });

  it('computes effective flags as user AND organisation', () => {
    const user = moduleColumnsOf({ ...flags(true), case_permission: false });
    const organisation = moduleColumnsOf({ ...flags(true), invoice_permission: false });
    expect(effectiveModules(user, organisation)).toEqual({
      ...flags(true),
      case_permission: false,
      invoice_permission: false,
    });
  });

  it('requireModule answers 403 with the upgrade message without the module', () => {
    expect(() => requireModule(actor('user'), 'case_permission')).not.toThrow();
    const without = actor('user', { ...flags(true), case_permission: false });
    expect(() => requireModule(without, 'case_permission')).toThrow(
      expect.objectContaining({ statusCode: 403, message: sessionMessages.upgradeLicence }),
    );
  });
});
