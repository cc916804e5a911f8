import { describe, expect, it } from 'vitest';
import { landingPath, menuFor, MODULE_FLAGS, SIDE_MENU, type AccessSubject, type ModuleFlags } from '../access.ts';
import { planChangeBody, planLapsed, planValidity, userLimitProblem } from './plans.ts';
import { planMessages, userLimitMessages } from './messages.ts';

const allOn = Object.fromEntries(MODULE_FLAGS.map((f) => [f, true])) as ModuleFlags;
const subject = (role: AccessSubject['role'], plan: AccessSubject['plan'], modules = allOn): AccessSubject => ({
  role,
  plan,
  modules,
});
const labels = (s: AccessSubject) => menuFor(s, SIDE_MENU).map((item) => item.label);

describe('Membership reduced menus (spec 01 §2)', () => {
  it('gives staff Users, Task Detail, Task Activity and Concepts (and Help)', () => {
    for (const role of ['super', 'admin'] as const) {
      expect(labels(subject(role, 'Membership'))).toEqual([
        'Users',
        'Task Detail',
        'Task Activity',
        'Concepts',
        'Help',
      ]);
    }
  });

  it('gives users Task Detail, Task Activity and Concepts (and Help)', () => {
    expect(labels(subject('user', 'Membership'))).toEqual(['Task Detail', 'Task Activity', 'Concepts', 'Help']);
  });

  it('still hides an item whose module flag is off', () => {
    const noTasks = { ...allOn, task_management_permission: false };
    expect(labels(subject('user', 'Membership', noTasks))).toEqual(['Concepts', 'Help']);
  });

  it('never shows the Membership items on the other plans', () => {
    for (const plan of ['Trial', 'Associate', 'Bespoke'] as const) {
      expect(labels(subject('admin', plan))).not.toContain('Concepts');
      expect(labels(subject('admin', plan))).not.toContain('Task Detail');
    }
  });

  it('lands Membership users on /concept-repo, or somewhere in their menu while it is not built', () => {
    const all = new Set(['/concept-repo', '/user', '/dashboard']);
    expect(landingPath(subject('user', 'Membership'), 3, all)).toBe('/concept-repo');
    expect(landingPath(subject('admin', 'Membership'), 3, all)).toBe('/concept-repo');
    const unbuilt = new Set(['/user', '/dashboard']);
    expect(landingPath(subject('admin', 'Membership'), 3, unbuilt)).toBe('/user');
    expect(landingPath(subject('super', 'Membership'), 3, unbuilt)).toBe('/user');
    expect(landingPath(subject('user', 'Membership'), 3, unbuilt)).toBe('/user/profile/3');
  });
});

describe('plan rules', () => {
  const now = new Date('2026-03-02T00:00:00Z');
  it('lapses an ended paid plan, never an ended Trial (it becomes Associate) nor a plan without end', () => {
    expect(planLapsed('Associate', '2026-03-01T00:00:00Z', now)).toBe(true);
    expect(planLapsed('Membership', '2026-03-03T00:00:00Z', now)).toBe(false);
    expect(planLapsed('Trial', '2026-03-01T00:00:00Z', now)).toBe(false);
    expect(planLapsed('Bespoke', null, now)).toBe(false);
  });

  it('counts whole days left and shows the popup within 7 days', () => {
    expect(planValidity('2026-03-12T00:00:00Z', now)).toEqual({ days: 10, popup: false });
    expect(planValidity('2026-03-08T12:00:00Z', now)).toEqual({ days: 7, popup: true });
    // Twelve months bought a moment ago: the whole year is left, not a day short.
    const yearLater = new Date(now.getTime() + 365 * 86_400_000 - 250).toISOString();
    expect(planValidity(yearLater, now).days).toBe(365);
    expect(planValidity('2026-02-01T00:00:00Z', now)).toEqual({ days: 0, popup: true });
    expect(planValidity(null, now)).toEqual({ days: null, popup: false });
  });

  it('answers the user-limit messages of spec 01 §5', () => {
    expect(userLimitProblem('')).toBe(userLimitMessages.blank);
    expect(userLimitProblem(null)).toBe(userLimitMessages.blank);
    expect(userLimitProblem('10000')).toBe(userLimitMessages.tooLong);
    expect(userLimitProblem(0)).toBe(userLimitMessages.notWhole);
    expect(userLimitProblem('2.5')).toBe(userLimitMessages.notWhole);
    expect(userLimitProblem('9999')).toBeNull();
  });

  it('needs a duration for Associate and takes Membership without one', () => {
    const associate = planChangeBody.safeParse({ plan_name: 'Associate', user_limit: 5 });
    expect(associate.success).toBe(false);
    expect(associate.error?.issues[0]?.message).toBe(planMessages.durationRequired);
    expect(planChangeBody.safeParse({ plan_name: 'Associate', duration: 12, user_limit: 5 }).success).toBe(true);
    expect(planChangeBody.safeParse({ plan_name: 'Membership', user_limit: '7' }).data?.user_limit).toBe(7);
    expect(planChangeBody.safeParse({ plan_name: 'Membership', duration: 6, user_limit: 7 }).success).toBe(false);
  });
});
