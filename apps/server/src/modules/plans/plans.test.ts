import {
  ERROR_CODES,
  planMessages,
  sessionMessages,
  userLimitMessages,
  type LoginResponse,
  type PermissionMonitoringResponse,
  type PlanChangeResponse,
  type PlanDetailsResponse,
  type PlanHistoryResponse,
  type UserDetailResponse,
  type UserLimitResponse,
  type UserPlanResponse,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { organisationWithAdmin, superToken } from '../organisations/organisations.fixtures.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };
const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

describeEachDatabase('GET /api/plan-details/, /api/user-plan/, /api/plan-history/', (h) => {
  it('lists the plans, one per name or every duration', async () => {
    const { access } = await h().login(DEMO.admin);
    const plans = (await h().request('GET', '/api/plan-details/', { token: access })).json<PlanDetailsResponse>();
    expect(plans.plan_type.map((p) => [p.name, p.duration])).toEqual([
      ['Trial', 1],
      ['Associate', 6],
      ['Membership', 12],
      ['Bespoke', null],
    ]);
    const all = (
      await h().request('GET', '/api/plan-details/', { token: access, query: { duration: 'true' } })
    ).json<PlanDetailsResponse>();
    expect(all.plan_type.map((p) => [p.name, p.duration])).toEqual([
      ['Trial', 1],
      ['Associate', 6],
      ['Associate', 12],
      ['Membership', 12],
      ['Bespoke', null],
    ]);
  });

  it("shows the super user every organisation's plan and validity, an admin their own", async () => {
    const token = await superToken(h());
    const all = (
      await h().request('GET', '/api/user-plan/', { token, query: { limits: 200 } })
    ).json<UserPlanResponse>();
    const demo = all.data.find((p) => p.organisation === 'Demo Law LLP');
    expect(demo).toMatchObject({
      plan_name: 'Associate',
      duration: 6,
      user_limit: 25,
      registered_users: 3,
      plan_expires_at: '2026-09-02T09:00:00.000Z',
      plan_validity: 184,
      has_expiry_popup: false,
      is_lapsed: false,
    });
    expect(all.data.map((p) => p.organisation)).toContain('Other Firm');
    const { access } = await h().login(DEMO.otherAdmin);
    const own = (await h().request('GET', '/api/user-plan/', { token: access })).json<UserPlanResponse>();
    expect(own.data.map((p) => p.organisation)).toEqual(['Other Firm']);
  });

  it("answers an organisation's plan history; an admin only their own", async () => {
    const token = await superToken(h());
    const history = (
      await h().request('GET', '/api/plan-history/', { token, query: { id: h().ids.otherOrg } })
    ).json<PlanHistoryResponse>();
    expect(history.data).toEqual([
      expect.objectContaining({
        action: 'created',
        plan_name: 'Associate',
        duration: 6,
        user_limit: 25,
        changed_by: 'System',
      }),
    ]);
    const { access } = await h().login(DEMO.admin);
    expect(
      (await h().request('GET', '/api/plan-history/', { token: access, query: { id: h().ids.demoOrg } })).statusCode,
    ).toBe(200);
    expect(
      (await h().request('GET', '/api/plan-history/', { token: access, query: { id: h().ids.otherOrg } })).json(),
    ).toEqual(NOT_FOUND);
    expect((await h().request('GET', '/api/plan-history/', { token: access })).statusCode).toBe(400);
  });

  it('is for super and admin: users 403, no token 401', async () => {
    const { access } = await h().login(DEMO.user);
    for (const [method, url] of [
      ['GET', '/api/plan-details/'],
      ['GET', '/api/user-plan/'],
      ['GET', `/api/plan-history/?id=${h().ids.demoOrg}`],
      ['GET', '/api/user-limit/'],
      ['PUT', '/api/user-limit/'],
      ['PUT', '/api/plan-change/'],
    ] as const) {
      const body = method === 'PUT' ? { body: { plan_name: 'Membership', user_limit: 30 } } : {};
      expect((await h().request(method, url, { token: access, ...body })).json(), url).toEqual(FORBIDDEN);
      expect((await h().request(method, url, body)).statusCode, url).toBe(401);
    }
  });
});

describeEachDatabase('GET and PUT /api/user-limit/', (h) => {
  it('raises the limit, never lowers it, never below the active users, with the spec messages', async () => {
    const { organisation, admin } = await organisationWithAdmin(h(), { user_limit: 3 });
    const get = await h().request('GET', '/api/user-limit/', { token: admin.token });
    expect(get.json<UserLimitResponse>()).toEqual({ active_user_limit: 3, registered_users: 1 });
    const raised = await h().request('PUT', '/api/user-limit/', { token: admin.token, body: { user_limit: '8' } });
    expect(raised.json<UserLimitResponse>()).toEqual({ active_user_limit: 8, registered_users: 1 });
    for (const [value, message] of [
      ['', userLimitMessages.blank],
      [null, userLimitMessages.blank],
      [10000, userLimitMessages.tooLong],
      [5, userLimitMessages.cannotDecrease],
    ] as const) {
      const res = await h().request('PUT', '/api/user-limit/', { token: admin.token, body: { user_limit: value } });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    const token = await superToken(h());
    const below = await h().request('PUT', '/api/user-limit/', {
      token,
      query: { org_id: h().ids.demoOrg },
      body: { user_limit: 2 },
    });
    expect(below.json().detail).toBe(userLimitMessages.belowRegistered);
    const bySuper = await h().request('GET', '/api/user-limit/', { token, query: { org_id: organisation.id } });
    expect(bySuper.json<UserLimitResponse>().active_user_limit).toBe(8);
    const history = (
      await h().request('GET', '/api/plan-history/', { token, query: { id: organisation.id } })
    ).json<PlanHistoryResponse>();
    expect(history.data[0]).toMatchObject({ action: 'user_limit_changed', user_limit: 8, changed_by: 'Test Person' });
    const foreign = await h().request('GET', '/api/user-limit/', {
      token: admin.token,
      query: { org_id: h().ids.demoOrg },
    });
    expect(foreign.json()).toEqual(NOT_FOUND);
    const foreignPut = await h().request('PUT', '/api/user-limit/', {
      token: admin.token,
      query: { org_id: h().ids.demoOrg },
      body: { user_limit: 99 },
    });
    expect(foreignPut.json()).toEqual(NOT_FOUND);
  });
});

describeEachDatabase('PUT /api/plan-change/', (h) => {
  it('changes the plan from now with the user limit; the member sees the new plan', async () => {
    const { organisation, admin } = await organisationWithAdmin(h(), { user_limit: 3 });
    h().clock.advance({ days: 10 });
    const { access } = await h().login(admin.email, admin.password);
    const res = await h().request('PUT', '/api/plan-change/', {
      token: access,
      body: { plan_name: 'Membership', duration: 12, user_limit: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { detail, plan } = res.json<PlanChangeResponse>();
    expect(detail).toBe(planMessages.changed);
    expect(plan).toMatchObject({
      plan_name: 'Membership',
      duration: 12,
      user_limit: 4,
      plan_started_at: '2026-03-12T09:00:00.000Z',
      plan_expires_at: '2027-03-12T09:00:00.000Z',
    });
    const polled = (
      await h().request('GET', `/api/user/permission-monitoring/${admin.id}/`, { token: access })
    ).json<PermissionMonitoringResponse>();
    expect(polled.current_plan).toBe('Membership');
    const token = await superToken(h());
    const history = (await h().request('GET', `/api/organisation/${organisation.id}/history/`, { token })).json();
    expect(history.data[0]).toMatchObject({
      action: 'plan_changed',
      changes: { plan: { from: 'Associate (6 months)', to: 'Membership (12 months)' }, user_limit: { from: 3, to: 4 } },
    });
  });

  it("answers 'Organisation is already registered for same plan' and changes nothing while the plan runs", async () => {
    const { access } = await h().login(DEMO.admin);
    const same = await h().request('PUT', '/api/plan-change/', {
      token: access,
      body: { plan_name: 'Associate', duration: 6, user_limit: 30 },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe(planMessages.samePlan);
    const limit = await h().request('GET', '/api/user-limit/', { token: access });
    expect(limit.json<UserLimitResponse>().active_user_limit).toBe(25);
  });

  it('answers each message: duration, Trial, Bespoke, user limit', async () => {
    const { access } = await h().login(DEMO.otherAdmin);
    for (const [body, message] of [
      [{ plan_name: 'Associate', user_limit: 30 }, planMessages.durationRequired],
      [{ plan_name: 'Membership', duration: 6, user_limit: 30 }, planMessages.invalidDuration],
      [{ plan_name: 'Trial', user_limit: 30 }, planMessages.trialNotOffered],
      [{ plan_name: 'Bespoke', user_limit: 30 }, planMessages.bespokeByContact],
      [{ plan_name: 'Membership', user_limit: '' }, userLimitMessages.blank],
      [{ plan_name: 'Membership', user_limit: 12345 }, userLimitMessages.tooLong],
      [{ plan_name: 'Membership', user_limit: 10 }, userLimitMessages.cannotDecrease],
    ] as const) {
      const res = await h().request('PUT', '/api/plan-change/', { token: access, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    const token = await superToken(h());
    const below = await h().request('PUT', '/api/plan-change/', {
      token,
      query: { org_id: h().ids.demoOrg },
      body: { plan_name: 'Membership', user_limit: 1 },
    });
    expect(below.json().detail).toBe(userLimitMessages.belowRegistered);
    const foreign = await h().request('PUT', '/api/plan-change/', {
      token: access,
      query: { org_id: h().ids.demoOrg },
      body: { plan_name: 'Membership', user_limit: 30 },
    });
    expect(foreign.json()).toEqual(NOT_FOUND);
  });
});

describeEachDatabase('plan expiry', (h) => {
  it('counts plan_validity down, raises the popup in the last 7 days, and takes module access once ended', async () => {
    const { admin } = await organisationWithAdmin(h(), { plan_name: 'Associate', duration: 6 });
    h().clock.set(new Date('2026-08-28T09:00:00.000Z'));
    const login = await h().login(admin.email, admin.password);
    expect(login.has_expiry_popup).toBe(true);
    const detail = (
      await h().request('GET', `/api/user/${admin.id}/`, { token: login.access })
    ).json<UserDetailResponse>();
    expect(detail).toMatchObject({ plan_validity: 5, has_expiry_popup: true });
    expect(login.case_permission).toBe(true);
    h().clock.set(new Date('2026-09-02T09:00:01.000Z'));
    const lapsed = await h().login(admin.email, admin.password);
    expect(lapsed).toMatchObject({
      current_plan: 'Associate',
      case_permission: false,
      precedent_permission: false,
      has_expiry_popup: true,
    });
    const actor = await h().actorOf(lapsed.access);
    expect(Object.values(actor.modules).every((on) => !on)).toBe(true);
    const polled = (
      await h().request('GET', `/api/user/permission-monitoring/${admin.id}/`, { token: lapsed.access })
    ).json<PermissionMonitoringResponse>();
    expect(polled.doc_analyzer_permission).toBe(false);
    // Renewing the same plan is allowed once it has ended, and brings the modules back.
    const renewed = await h().request('PUT', '/api/plan-change/', {
      token: lapsed.access,
      body: { plan_name: 'Associate', duration: 6, user_limit: 5 },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await h().actorOf(lapsed.access)).modules.case_permission).toBe(true);
  });

  it('moves an ended Trial to Associate for 6 months, once, and records it', async () => {
    const { organisation, admin } = await organisationWithAdmin(h(), { plan_name: 'Trial', duration: 1 });
    h().clock.set(new Date('2026-04-03T09:00:00.000Z'));
    const login = await h().login(admin.email, admin.password);
    expect(login).toMatchObject<Partial<LoginResponse>>({
      current_plan: 'Associate',
      case_permission: true,
      has_expiry_popup: false,
    });
    await h().login(admin.email, admin.password);
    const token = await superToken(h());
    const history = (
      await h().request('GET', '/api/plan-history/', { token, query: { id: organisation.id } })
    ).json<PlanHistoryResponse>();
    expect(history.data.map((e) => e.action)).toEqual(['trial_converted', 'created']);
    expect(history.data[0]).toMatchObject({
      plan_name: 'Associate',
      duration: 6,
      changed_by: 'System',
      expires_at: '2026-10-03T09:00:00.000Z',
    });
  });
});
