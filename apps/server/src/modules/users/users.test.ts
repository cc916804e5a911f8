import {
  ERROR_CODES,
  MODULE_FLAGS,
  profileMessages,
  sessionMessages,
  type ModuleFlags,
  type PermissionMonitoringResponse,
  type UserDetailResponse,
  type UserProfileResponse,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { organisationsService } from '../organisations/organisations.service.ts';

const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

describeEachDatabase('GET /api/user/{user_id}/ and GET /api/user/profile/{user_id}/', (h) => {
  const get = (path: string, id: number, token?: string) =>
    h().request('GET', `/api/user/${path}${id}/`, { token: token ?? null });

  it.each(['', 'profile/'])('answers %s for oneself', async (path) => {
    const { access, user_id } = await h().login(DEMO.user);
    const res = await get(path, user_id, access);
    expect(res.statusCode).toBe(200);
    const demo = await organisationsService(h().ctx).summaryOf(h().ids.demoOrg);
    const days = Math.floor((Date.parse(demo?.planExpiresAt ?? '') - h().clock.now().getTime()) / 86_400_000);
    expect(res.json<UserDetailResponse>()).toMatchObject({
      id: user_id,
      profile_image: null,
      first_name: 'Uma',
      last_name: 'User',
      phone: '',
      username: DEMO.user,
      current_plan: 'Associate',
      plan_validity: days,
      has_expiry_popup: false,
    });
  });

  it('adds role, organisation, theme and date joined to the profile', async () => {
    const { access, user_id } = await h().login(DEMO.admin);
    const profile = (await get('profile/', user_id, access)).json<UserProfileResponse>();
    expect(profile).toMatchObject({ role: 'admin', organisation: 'Demo Law LLP', is_dark_theme: false });
    expect(Date.parse(profile.date_joined)).not.toBeNaN();
  });

  it.each(['', 'profile/'])('%s: an admin sees users of their organisation but not of another', async (path) => {
    const { access } = await h().login(DEMO.admin);
    expect((await get(path, h().ids.user, access)).statusCode).toBe(200);
    const foreign = await get(path, h().ids.otherAdmin, access);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
  });

  it.each(['', 'profile/'])('%s: a user sees nobody else, even in their organisation', async (path) => {
    const { access } = await h().login(DEMO.user);
    expect((await get(path, h().ids.admin, access)).json()).toEqual(NOT_FOUND);
    expect((await get(path, h().ids.otherAdmin, access)).statusCode).toBe(404);
  });

  it.each(['', 'profile/'])('%s: super sees users of every organisation', async (path) => {
    const { access } = await h().login(DEMO.super);
    const res = await get(path, h().ids.otherAdmin, access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: DEMO.otherAdmin, current_plan: 'Associate' });
  });

  it.each(['', 'profile/'])('%s: a missing id is 404, a malformed one 400, no token 401', async (path) => {
    const { access } = await h().login(DEMO.super);
    expect((await get(path, 999_999, access)).json()).toEqual(NOT_FOUND);
    expect((await h().request('GET', `/api/user/${path}abc/`, { token: access })).statusCode).toBe(400);
    expect((await get(path, h().ids.user)).statusCode).toBe(401);
  });

  it('answers without the trailing slash too', async () => {
    const { access, user_id } = await h().login(DEMO.user);
    expect((await h().request('GET', `/api/user/${user_id}`, { token: access })).statusCode).toBe(200);
  });

  it('gives plan_validity 0 and the expiry popup once the plan has ended', async () => {
    const demo = await organisationsService(h().ctx).summaryOf(h().ids.demoOrg);
    h().clock.set(new Date(Date.parse(demo?.planExpiresAt ?? '') + 86_400_000));
    const { access, user_id } = await h().login(DEMO.user);
    const body = (await get('', user_id, access)).json<UserDetailResponse>();
    expect(body).toMatchObject({ plan_validity: 0, has_expiry_popup: true });
  });
});

describeEachDatabase('PUT /api/user/profile/{user_id}/', (h) => {
  const put = (id: number, token: string | null, body: unknown) =>
    h().request('PUT', `/api/user/profile/${id}/`, { token, body });

  it('saves own name and phone (trimmed), answers the profile and audits the change', async () => {
    const me = await h().freshSession();
    const res = await put(me.id, me.token, {
      first_name: '  Nora ',
      last_name: 'North',
      phone: ' +44 (0)20 7946-0000 ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<UserProfileResponse>()).toMatchObject({
      first_name: 'Nora',
      last_name: 'North',
      phone: '+44 (0)20 7946-0000',
    });
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'user', me.id);
    expect(history.at(-1)).toMatchObject({
      actorUserId: me.id,
      action: 'profile_updated',
      changes: { first_name: { from: 'Test', to: 'Nora' }, last_name: { from: 'Person', to: 'North' } },
    });
  });

  it.each([
    [{ first_name: ' ', last_name: 'North' }, profileMessages.firstNameRequired, 'first_name'],
    [{ first_name: 'Nora', last_name: '' }, profileMessages.lastNameRequired, 'last_name'],
    [{ first_name: 'Nora', last_name: 'North', phone: 'call me' }, profileMessages.invalidPhone, 'phone'],
  ])('%j answers 400 %j', async (body, message, field) => {
    const me = await h().freshSession();
    const res = await put(me.id, me.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: message, code: ERROR_CODES.validation, fields: { [field]: message } });
  });

  it('is own only: an admin editing a user of their organisation gets 404, another organisation 404', async () => {
    const { access } = await h().login(DEMO.admin);
    const body = { first_name: 'X', last_name: 'Y', phone: '' };
    expect((await put(h().ids.user, access, body)).json()).toEqual(NOT_FOUND);
    expect((await put(h().ids.otherAdmin, access, body)).statusCode).toBe(404);
    expect((await put(h().ids.user, null, body)).statusCode).toBe(401);
  });
});

describeEachDatabase('POST /api/user/theme/toggle/{user_id}/', (h) => {
  it('flips the theme and keeps it', async () => {
    const me = await h().freshSession('admin');
    const first = await h().request('POST', `/api/user/theme/toggle/${me.id}/`, { token: me.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ is_dark_theme: true });
    const profile = await h().request('GET', `/api/user/profile/${me.id}/`, { token: me.token });
    expect(profile.json().is_dark_theme).toBe(true);
    const second = await h().request('POST', `/api/user/theme/toggle/${me.id}/`, { token: me.token });
    expect(second.json()).toEqual({ is_dark_theme: false });
  });

  it('a user who never chose follows the system until they ask for a theme, which is then kept', async () => {
    const me = await h().freshSession('user');
    const polled = async () =>
      (
        await h().request('GET', `/api/user/permission-monitoring/${me.id}/`, { token: me.token })
      ).json<PermissionMonitoringResponse>();
    expect(await polled()).toMatchObject({ is_dark_theme: false, theme_chosen: false });
    // Shown dark because the system is dark, the user asks for light: light is kept, and chosen.
    const asked = await h().request('POST', `/api/user/theme/toggle/${me.id}/`, {
      token: me.token,
      body: { is_dark_theme: false },
    });
    expect(asked.json()).toEqual({ is_dark_theme: false });
    expect(await polled()).toMatchObject({ is_dark_theme: false, theme_chosen: true });
    const bad = await h().request('POST', `/api/user/theme/toggle/${me.id}/`, {
      token: me.token,
      body: { is_dark_theme: 'dark' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is own only (404 for anyone else), 401 without a token', async () => {
    const { access } = await h().login(DEMO.super);
    expect((await h().request('POST', `/api/user/theme/toggle/${h().ids.user}/`, { token: access })).json()).toEqual(
      NOT_FOUND,
    );
    expect((await h().request('POST', `/api/user/theme/toggle/${h().ids.user}/`)).statusCode).toBe(401);
  });
});

describeEachDatabase('GET /api/user/permission-monitoring/{userId}/', (h) => {
  const url = (id: number) => `/api/user/permission-monitoring/${id}/`;

  it('answers the current role, plan and effective module flags', async () => {
    const modules = Object.fromEntries(MODULE_FLAGS.map((f) => [f, f !== 'invoice_permission'])) as ModuleFlags;
    const user = await h().createUser({ role: 'admin', modules });
    const { access } = await h().login(user.email, user.password);
    const res = await h().request('GET', url(user.id), { token: access, query: { login_mode: 'webapp' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<PermissionMonitoringResponse>()).toEqual({
      is_dark_theme: false,
      theme_chosen: false,
      knowledge_data_permission: false,
      billing_permission: true,
      knowledge_token: null,
      knowledge_permission: true,
      knowledge_access: true,
      case_permission: true,
      precedent_permission: true,
      doc_analyzer_permission: true,
      my_playbooks_permission: true,
      task_management_permission: true,
      invoice_permission: false,
      user_role: 'admin',
      current_plan: 'Associate',
    });
  });

  it('works without login_mode and refuses another mode', async () => {
    const { access, user_id } = await h().login(DEMO.user);
    expect((await h().request('GET', url(user_id), { token: access })).statusCode).toBe(200);
    const res = await h().request('GET', url(user_id), { token: access, query: { login_mode: 'mobile' } });
    expect(res.statusCode).toBe(400);
  });

  it('is own only: 404 for another user, 401 without or with a revoked token', async () => {
    const { access } = await h().login(DEMO.super);
    expect((await h().request('GET', url(h().ids.user), { token: access })).json()).toEqual(NOT_FOUND);
    expect((await h().request('GET', url(h().ids.user))).statusCode).toBe(401);
    const me = await h().login(DEMO.user);
    await h().request('POST', '/api/logout/', { token: me.access });
    expect((await h().request('GET', url(me.user_id), { token: me.access })).statusCode).toBe(401);
  });
});
