import {
  commonMessages,
  ERROR_CODES,
  notificationMessages,
  sessionMessages,
  userAdminMessages,
  userLimitMessages,
  type HistoryResponse,
  type ManagedUser,
  type ManagedUserList,
  type NotificationListResponse,
  type PermissionMonitoringResponse,
  type UserInviteBody,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, STRONG_PASSWORD, type Harness } from '../../../test/harness.ts';
import { ALL_OFF, ALL_ON, organisationWithAdmin, superToken } from '../organisations/organisations.fixtures.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };
const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

function inviteOf(h: Harness, overrides: Partial<UserInviteBody> = {}): UserInviteBody {
  return {
    first_name: 'Cora',
    last_name: 'Colleague',
    email: h.uniqueEmail('colleague'),
    phone: '+1 555 0100',
    role: 'user',
    modules: { ...ALL_OFF, precedent_permission: true, task_management_permission: true },
    knowledge_role: 'reader',
    knowledge_data_permission: true,
    ...overrides,
  };
}

/** The token of the newest set-password link mailed to `email`. */
async function linkTokenOf(h: Harness, email: string): Promise<string> {
  const [mail] = await h.mailsTo(email);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no set-password link mailed to ${email}`);
  return token;
}

async function invite(h: Harness, token: string, body: UserInviteBody) {
  const res = await h.request('POST', '/api/user/', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ManagedUser>();
}

describeEachDatabase('POST /api/user/ (invite)', (h) => {
  it('invites a colleague who sets a password by the emailed link and signs in with only the granted modules', async () => {
    const { access } = await h().login(DEMO.admin);
    const body = inviteOf(h());
    const created = await invite(h(), access, body);
    expect(created).toMatchObject({
      email: body.email,
      organisation_id: h().ids.demoOrg,
      organisation: 'Demo Law LLP',
      role: 'user',
      is_active: true,
      has_password: false,
      modules: body.modules,
      knowledge_role: 'reader',
      knowledge_data_permission: true,
    });
    const [mail] = await h().mailsTo(body.email);
    expect(mail?.body_text).toContain(`http://lexdesk.test/${body.email}/token=`);
    // The invitation greets the colleague by the first name the admin gave (issue 18 item 8).
    expect(mail?.body_text.startsWith('Dear Cora,\n')).toBe(true);
    const set = await h().request('PUT', '/api/token/', {
      body: { token: await linkTokenOf(h(), body.email), password: STRONG_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await h().login(body.email, STRONG_PASSWORD);
    expect(login).toMatchObject({
      type: 'user',
      case_permission: false,
      precedent_permission: true,
      task_management_permission: true,
      invoice_permission: false,
      knowledge_data_permission: true,
    });
    const history = (
      await h().request('GET', `/api/user/${created.id}/history/`, { token: access })
    ).json<HistoryResponse>();
    expect(history.data.map((e) => e.action)).toEqual(['password_set', 'link_sent', 'invited', 'created']);
    expect(history.data[2]).toMatchObject({
      actor: 'Ada Admin',
      changes: { name: 'Cora Colleague', role: 'user', knowledge_role: 'reader' },
    });
  });

  it('lets the super user invite into any organisation', async () => {
    const token = await superToken(h());
    const created = await invite(h(), token, inviteOf(h(), { org_id: h().ids.otherOrg, role: 'admin' }));
    expect(created).toMatchObject({ organisation_id: h().ids.otherOrg, role: 'admin' });
    const superUser = await invite(h(), token, inviteOf(h(), { role: 'super' }));
    expect(superUser.role).toBe('super');
  });

  it('answers each validation message, a taken email (409) and an admin granting super (403)', async () => {
    const { access } = await h().login(DEMO.admin);
    const cases: [Partial<UserInviteBody>, string][] = [
      [{ first_name: '' }, userAdminMessages.firstNameInvalid],
      [{ first_name: 'R2D2' }, userAdminMessages.firstNameInvalid],
      [{ last_name: "O'Neil" }, userAdminMessages.lastNameInvalid],
      [{ email: '' }, userAdminMessages.emailRequired],
      [{ email: 'not-an-email' }, userAdminMessages.emailInvalid],
    ];
    for (const [overrides, message] of cases) {
      const res = await h().request('POST', '/api/user/', { token: access, body: inviteOf(h(), overrides) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    const taken = await h().request('POST', '/api/user/', {
      token: access,
      body: inviteOf(h(), { email: DEMO.user.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    const asSuper = await h().request('POST', '/api/user/', { token: access, body: inviteOf(h(), { role: 'super' }) });
    expect(asSuper.json()).toEqual({ detail: userAdminMessages.superOnly, code: ERROR_CODES.forbidden });
    const elsewhere = await h().request('POST', '/api/user/', {
      token: access,
      body: inviteOf(h(), { org_id: h().ids.otherOrg }),
    });
    expect(elsewhere.json()).toEqual(NOT_FOUND);
  });

  it("enforces the organisation's user limit on invitation and activation", async () => {
    const { organisation, admin } = await organisationWithAdmin(h(), { user_limit: 2 });
    const second = await invite(h(), admin.token, inviteOf(h()));
    const full = await h().request('POST', '/api/user/', { token: admin.token, body: inviteOf(h()) });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: userLimitMessages.reached, code: ERROR_CODES.conflict });
    const off = await h().request('PUT', `/api/user/${second.id}/active/`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(off.json<ManagedUser>().is_active).toBe(false);
    const third = await invite(h(), admin.token, inviteOf(h()));
    expect(third.organisation_id).toBe(organisation.id);
    const on = await h().request('PUT', `/api/user/${second.id}/active/`, {
      token: admin.token,
      body: { is_active: true },
    });
    expect(on.statusCode).toBe(409);
    expect(on.json().detail).toBe(userLimitMessages.reached);
  });

  it('is for super and admin: users 403, no token 401', async () => {
    const { access } = await h().login(DEMO.user);
    expect((await h().request('POST', '/api/user/', { token: access, body: inviteOf(h()) })).json()).toEqual(FORBIDDEN);
    expect((await h().request('GET', '/api/user/', { token: access })).json()).toEqual(FORBIDDEN);
    expect((await h().request('POST', '/api/user/', { body: inviteOf(h()) })).statusCode).toBe(401);
    expect((await h().request('GET', '/api/user/')).statusCode).toBe(401);
  });
});

describeEachDatabase('GET /api/user/', (h) => {
  it("shows an admin only their organisation's users (no super users), searchable", async () => {
    const { access } = await h().login(DEMO.admin);
    const list = (
      await h().request('GET', '/api/user/', { token: access, query: { limits: 200 } })
    ).json<ManagedUserList>();
    expect(list.data.map((u) => u.email).sort()).toEqual([DEMO.admin, DEMO.user]);
    const found = (
      await h().request('GET', '/api/user/', { token: access, query: { search_key: 'uma us' } })
    ).json<ManagedUserList>();
    expect(found.data.map((u) => u.email)).toEqual([DEMO.user]);
    expect(
      (
        await h().request('GET', '/api/user/', { token: access, query: { search_key: 'Other Firm' } })
      ).json<ManagedUserList>().data,
    ).toEqual([]);
    const foreign = await h().request('GET', '/api/user/', { token: access, query: { org_id: h().ids.otherOrg } });
    expect(foreign.json()).toEqual(NOT_FOUND);
  });

  it('shows the super user everyone, or one organisation', async () => {
    const token = await superToken(h());
    const all = (await h().request('GET', '/api/user/', { token, query: { limits: 200 } })).json<ManagedUserList>();
    expect(all.data.map((u) => u.email)).toEqual(
      expect.arrayContaining([DEMO.super, DEMO.admin, DEMO.user, DEMO.otherAdmin]),
    );
    const other = (
      await h().request('GET', '/api/user/', { token, query: { org_id: h().ids.otherOrg } })
    ).json<ManagedUserList>();
    expect(other.data.map((u) => u.email)).toEqual([DEMO.otherAdmin]);
    expect(other.page).toEqual({ page_no: 1, limits: 10, total_count: 1, total_pages: 1 });
  });
});

describeEachDatabase('PUT /api/user/{id}/, active, history', (h) => {
  it("changes a user's role and flags; the user's permission polling and notifications show it", async () => {
    const { access } = await h().login(DEMO.admin);
    const member = await h().freshSession('user');
    const body = {
      first_name: 'Mia',
      last_name: 'Member',
      phone: '',
      role: 'user' as const,
      modules: { ...ALL_ON, invoice_permission: false },
      knowledge_role: 'manager' as const,
      knowledge_data_permission: false,
    };
    const res = await h().request('PUT', `/api/user/${member.id}/`, { token: access, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ManagedUser>()).toMatchObject({
      first_name: 'Mia',
      knowledge_role: 'manager',
      modules: body.modules,
    });
    const polled = (
      await h().request('GET', `/api/user/permission-monitoring/${member.id}/`, { token: member.token })
    ).json<PermissionMonitoringResponse>();
    expect(polled).toMatchObject({ invoice_permission: false, case_permission: true, user_role: 'user' });
    const notes = (
      await h().request('GET', `/api/notification/${member.id}/`, { token: member.token })
    ).json<NotificationListResponse>();
    expect(notes.notifications[0]?.text).toBe(notificationMessages.permissionsChanged);
    const promoted = await h().request('PUT', `/api/user/${member.id}/`, {
      token: access,
      body: { ...body, role: 'admin' },
    });
    expect(promoted.json<ManagedUser>().role).toBe('admin');
    const history = (
      await h().request('GET', `/api/user/${member.id}/history/`, { token: access })
    ).json<HistoryResponse>();
    expect(history.data[0]).toMatchObject({
      action: 'updated',
      actor: 'Ada Admin',
      changes: { role: { from: 'user', to: 'admin' } },
    });
    expect(history.data[1]?.changes).toMatchObject({ first_name: { from: 'Test', to: 'Mia' } });
  });

  it('refuses what an admin may not do: super users, another organisation, their own role', async () => {
    const { access } = await h().login(DEMO.admin);
    const body = { first_name: 'Eve', last_name: 'Eve', phone: '', role: 'user', modules: ALL_ON };
    for (const id of [h().ids.super, h().ids.otherAdmin, 999999]) {
      expect((await h().request('PUT', `/api/user/${id}/`, { token: access, body })).json()).toEqual(NOT_FOUND);
      expect((await h().request('GET', `/api/user/${id}/history/`, { token: access })).json()).toEqual(NOT_FOUND);
      expect((await h().request('GET', `/api/user/${id}/manage/`, { token: access })).json()).toEqual(NOT_FOUND);
      expect(
        (await h().request('PUT', `/api/user/${id}/active/`, { token: access, body: { is_active: false } })).json(),
      ).toEqual(NOT_FOUND);
    }
    const member = await h().createUser({});
    const grant = await h().request('PUT', `/api/user/${member.id}/`, {
      token: access,
      body: { ...body, role: 'super' },
    });
    expect(grant.json()).toEqual({ detail: userAdminMessages.superOnly, code: ERROR_CODES.forbidden });
    const self = await h().request('PUT', `/api/user/${h().ids.admin}/`, {
      token: access,
      body: { ...body, role: 'user' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe(userAdminMessages.cannotChangeSelf);
    const selfOff = await h().request('PUT', `/api/user/${h().ids.admin}/active/`, {
      token: access,
      body: { is_active: false },
    });
    expect(selfOff.json().detail).toBe(userAdminMessages.cannotChangeSelf);
    const invalid = await h().request('PUT', `/api/user/${member.id}/`, {
      token: access,
      body: { ...body, last_name: '' },
    });
    expect(invalid.json().detail).toBe(userAdminMessages.lastNameInvalid);
  });

  it('deactivates a user at once (their session stops) and activates them again', async () => {
    const { access } = await h().login(DEMO.admin);
    const member = await h().freshSession('user');
    const off = await h().request('PUT', `/api/user/${member.id}/active/`, {
      token: access,
      body: { is_active: false },
    });
    expect(off.json<ManagedUser>().is_active).toBe(false);
    expect((await h().request('GET', `/api/user/${member.id}/`, { token: member.token })).statusCode).toBe(401);
    const on = await h().request('PUT', `/api/user/${member.id}/active/`, { token: access, body: { is_active: true } });
    expect(on.json<ManagedUser>().is_active).toBe(true);
    const history = (
      await h().request('GET', `/api/user/${member.id}/history/`, { token: access })
    ).json<HistoryResponse>();
    expect(history.data.slice(0, 2).map((e) => e.action)).toEqual(['activated', 'deactivated']);
  });

  it('is for super and admin only', async () => {
    const { access } = await h().login(DEMO.user);
    for (const [method, url] of [
      ['PUT', `/api/user/${h().ids.user}/`],
      ['PUT', `/api/user/${h().ids.user}/active/`],
      ['GET', `/api/user/${h().ids.user}/history/`],
      ['GET', `/api/user/${h().ids.user}/manage/`],
      ['DELETE', `/api/user/${h().ids.user}/`],
    ] as const) {
      expect((await h().request(method, url, { token: access, body: {} })).json(), `${method} ${url}`).toEqual(
        FORBIDDEN,
      );
    }
  });
});

describeEachDatabase('DELETE /api/user/{id}/', (h) => {
  it('deletes a user with their sessions; the audit trail stays', async () => {
    const { access } = await h().login(DEMO.admin);
    const member = await h().freshSession('user');
    const res = await h().request('DELETE', `/api/user/${member.id}/`, { token: access });
    expect(res.json()).toEqual({ detail: commonMessages.deleted('Test Person') });
    expect((await h().request('GET', `/api/user/${member.id}/`, { token: member.token })).statusCode).toBe(401);
    expect((await h().request('GET', `/api/user/${member.id}/manage/`, { token: access })).statusCode).toBe(404);
    const audit = await h()
      .database.db.selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'user')
      .where('entity_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(audit.map((e) => e.action)).toEqual(['created', 'deleted']);
  });

  it('never deletes oneself, a super user (for an admin) or another organisation’s user', async () => {
    const { access } = await h().login(DEMO.admin);
    const self = await h().request('DELETE', `/api/user/${h().ids.admin}/`, { token: access });
    expect(self.json().detail).toBe(userAdminMessages.cannotDeleteSelf);
    for (const id of [h().ids.super, h().ids.otherAdmin]) {
      expect((await h().request('DELETE', `/api/user/${id}/`, { token: access })).json()).toEqual(NOT_FOUND);
    }
    expect((await h().request('DELETE', `/api/user/${h().ids.user}/`)).statusCode).toBe(401);
    const token = await superToken(h());
    const other = await h().createUser({ organisationId: h().ids.otherOrg });
    expect((await h().request('DELETE', `/api/user/${other.id}/`, { token })).statusCode).toBe(200);
  });
});
