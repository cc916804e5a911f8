import {
  ERROR_CODES,
  IDLE_LOGOUT_SECONDS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  loginMessages,
  MODULE_FLAGS,
  sessionMessages,
  type LoginResponse,
  type ModuleFlags,
} from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, describeEachDatabase, STRONG_PASSWORD } from '../../../test/harness.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { organisationsService } from '../organisations/organisations.service.ts';

const LOGIN_FIELDS = [
  'access',
  'type',
  'user_id',
  'username',
  'is_super',
  'user_organisation',
  'knowledge_access',
  'case_permission',
  'my_playbooks_permission',
  'precedent_permission',
  'doc_analyzer_permission',
  'task_management_permission',
  'invoice_permission',
  'current_plan',
  'knowledge_permission',
  'knowledge_data_permission',
  // Issue 29: the Billing grant (always for staff; the demo's plain user has it).
  'billing_permission',
  'has_expiry_popup',
  'is_mfa_enabled',
  'is_duo_alive',
  'prompt_uri',
];

const allModules = (value: boolean) => Object.fromEntries(MODULE_FLAGS.map((f) => [f, value])) as ModuleFlags;

describeEachDatabase('POST /api/login/', (h) => {
  const login = (body: unknown, ip = h().uniqueIp()) => h().request('POST', '/api/login/', { body, ip });

  describe('happy path', () => {
    it.each([
      [DEMO.super, 'super', true],
      [DEMO.admin, 'admin', false],
      [DEMO.user, 'user', false],
    ] as const)('signs in %s as %s with the 20 fields of spec 01 §3', async (email, role, isSuper) => {
      const res = await login({ username: email, password: DEMO_PASSWORD, mode: 'webapp' });
      expect(res.statusCode).toBe(200);
      const body = res.json<LoginResponse>();
      expect(Object.keys(body).sort()).toEqual([...LOGIN_FIELDS].sort());
      expect(body).toMatchObject({
        type: role,
        username: email,
        is_super: isSuper,
        user_organisation: 'Demo Law LLP',
        current_plan: 'Associate',
        knowledge_access: true,
        case_permission: true,
        billing_permission: true,
        has_expiry_popup: false,
        is_mfa_enabled: false,
        is_duo_alive: false,
        prompt_uri: null,
      });
      expect(body.access).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user_id).toBe(
        await h()
          .actorOf(body.access)
          .then((a) => a.userId),
      );
    });

    it('signs in the other organisation’s admin with their organisation', async () => {
      const body = (await login({ username: DEMO.otherAdmin, password: DEMO_PASSWORD })).json<LoginResponse>();
      expect(body.user_organisation).toBe('Other Firm');
      expect(body.type).toBe('admin');
    });

    it('trims and lower-cases the username', async () => {
      const res = await login({ username: '  Admin@Example.COM ', password: DEMO_PASSWORD, mode: 'webapp' });
      expect(res.statusCode).toBe(200);
      expect(res.json<LoginResponse>().username).toBe(DEMO.admin);
    });

    it('gives every module flag as user flag AND organisation flag', async () => {
      const orgId = await organisationsService(h().ctx).create({
        name: `Partial ${h().uniqueEmail()}`,
        plan: 'Associate',
        userLimit: 5,
        modules: { ...allModules(true), invoice_permission: false, knowledge_permission: false },
      });
      const user = await h().createUser({
        organisationId: orgId,
        modules: { ...allModules(true), case_permission: false },
      });
      const body = (await login({ username: user.email, password: user.password })).json<LoginResponse>();
      expect(body.case_permission).toBe(false); // user off
      expect(body.invoice_permission).toBe(false); // organisation off
      expect(body.knowledge_permission).toBe(false);
      expect(body.knowledge_access).toBe(false);
      expect(body.precedent_permission).toBe(true);
    });

    it('sets has_expiry_popup within 7 days of the plan end and after it', async () => {
      const demo = await organisationsService(h().ctx).summaryOf(h().ids.demoOrg);
      h().clock.set(new Date(Date.parse(demo?.planExpiresAt ?? '') - 8 * 86_400_000));
      const before = (await login({ username: DEMO.admin, password: DEMO_PASSWORD })).json<LoginResponse>();
      expect(before.has_expiry_popup).toBe(false);
      h().clock.advance({ days: 2 });
      const within = (await login({ username: DEMO.admin, password: DEMO_PASSWORD })).json<LoginResponse>();
      expect(within.has_expiry_popup).toBe(true);
      h().clock.advance({ days: 30 });
      const after = (await login({ username: DEMO.admin, password: DEMO_PASSWORD })).json<LoginResponse>();
      expect(after.has_expiry_popup).toBe(true);
    });
  });

  describe('validation (spec 01 §5)', () => {
    it.each([
      [{ username: '', password: '' }, loginMessages.bothEmpty],
      [{}, loginMessages.bothEmpty],
      [{ username: '   ', password: 'Something1' }, loginMessages.usernameEmpty],
      [{ username: 'a@b.com', password: '' }, loginMessages.passwordEmpty],
      [{ username: 'not-an-email', password: 'Something1' }, loginMessages.invalidEmail],
      [{ username: 'a@b.com', password: 'short' }, loginMessages.passwordTooShort],
    ])('%j answers 400 %j', async (body, message) => {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: message, code: ERROR_CODES.validation, fields: { username: message } });
    });

    it('refuses an unknown mode', async () => {
      const res = await login({ username: DEMO.admin, password: DEMO_PASSWORD, mode: 'mobile' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.validation);
    });
  });

  describe('refusals', () => {
    it('answers 401 with the spec message for a wrong password and for an unknown email alike', async () => {
      const wrong = await login({ username: DEMO.admin, password: 'WrongPass#1' });
      const unknown = await login({ username: 'nobody@example.com', password: 'WrongPass#1' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: loginMessages.badCredentials, code: ERROR_CODES.badCredentials });
      }
    });

    it('refuses a deactivated user with the right password', async () => {
      const user = await h().createUser({ isActive: false });
      const res = await login({ username: user.email, password: user.password });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(loginMessages.accountInactive);
    });

    it('does not say an account is deactivated to someone with the wrong password', async () => {
      const user = await h().createUser({ isActive: false });
      const res = await login({ username: user.email, password: 'WrongPass#1' });
      expect(res.json().detail).toBe(loginMessages.badCredentials);
    });

    it('refuses an invited admin who has no password yet', async () => {
      const user = await h().createUser({ role: 'admin', password: null });
      const res = await login({ username: user.email, password: 'Anything#123' });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(loginMessages.badCredentials);
    });
  });

  describe('throttling', () => {
    it(`answers 429 after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures per account from one address, even with the right password, until 15 minutes pass`, async () => {
      const user = await h().createUser({});
      const ip = h().uniqueIp();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) {
        expect((await login({ username: user.email, password: 'WrongPass#1' }, ip)).statusCode).toBe(401);
      }
      const blocked = await login({ username: user.email, password: user.password }, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: loginMessages.tooManyAttempts, code: ERROR_CODES.throttled });
      h().clock.advance({ minutes: 16 });
      expect((await login({ username: user.email, password: user.password }, ip)).statusCode).toBe(200);
    });

    it(`answers 429 after ${LOGIN_MAX_FAILURES_PER_IP} failures from one address, for any account`, async () => {
      const ip = h().uniqueIp();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i += 1) {
        const res = await login({ username: h().uniqueEmail('ghost'), password: 'WrongPass#1' }, ip);
        expect(res.statusCode).toBe(401);
      }
      const blocked = await login({ username: DEMO.user, password: DEMO_PASSWORD }, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toBe(loginMessages.tooManyAttempts);
      expect((await login({ username: DEMO.user, password: DEMO_PASSWORD }, h().uniqueIp())).statusCode).toBe(200);
    });

    it('forgets an account’s failures after a successful sign-in', async () => {
      const user = await h().createUser({});
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i += 1) {
          expect((await login({ username: user.email, password: 'WrongPass#1' })).statusCode).toBe(401);
        }
        expect((await login({ username: user.email, password: user.password })).statusCode).toBe(200);
      }
    });
  });

  describe('sessions', () => {
    const me = (token: string, userId: number) => h().request('GET', `/api/user/${userId}/`, { token });

    /** Marks the session as used just now, as a request every few minutes over the advanced time would. */
    const keepBusy = (token: string) =>
      h()
        .database.db.updateTable('sessions')
        .set({ last_seen_at: h().clock.now().toISOString() })
        .where('token_hash', '=', hashToken(token))
        .execute();

    it('expires a session after SESSION_TTL_HOURS (12 h), however busy', async () => {
      const { access, user_id } = await h().login(DEMO.user);
      h().clock.advance({ hours: 11, minutes: 59 });
      await keepBusy(access);
      expect((await me(access, user_id)).statusCode).toBe(200);
      h().clock.advance({ minutes: 2 });
      const res = await me(access, user_id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: sessionMessages.sessionExpired, code: ERROR_CODES.unauthenticated });
    });

    it('keeps a busy remember-me session for REMEMBER_TTL_DAYS (30 days)', async () => {
      const { access, user_id } = await h().login(DEMO.user, DEMO_PASSWORD, { remember: true });
      h().clock.advance({ days: 29 });
      await keepBusy(access);
      expect((await me(access, user_id)).statusCode).toBe(200);
      h().clock.advance({ days: 1, minutes: 1 });
      await keepBusy(access);
      expect((await me(access, user_id)).statusCode).toBe(401);
    });

    it(`ends a session idle for longer than IDLE_LOGOUT_SECONDS (${IDLE_LOGOUT_SECONDS} s), remember-me or not`, async () => {
      for (const remember of [false, true]) {
        const { access, user_id } = await h().login(DEMO.user, DEMO_PASSWORD, { remember });
        // Requests keep it alive: each one counts as activity.
        for (let i = 0; i < 3; i += 1) {
          h().clock.advance({ minutes: 59 });
          expect((await me(access, user_id)).statusCode).toBe(200);
        }
        h().clock.advance({ minutes: (IDLE_LOGOUT_SECONDS + 1) / 60 });
        const res = await me(access, user_id);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: sessionMessages.sessionExpired, code: ERROR_CODES.unauthenticated });
      }
    });

    it('writes last_seen_at at most once a minute per session', async () => {
      const { access, user_id } = await h().login(DEMO.user);
      const lastSeen = async () =>
        (
          await h()
            .database.db.selectFrom('sessions')
            .select('last_seen_at')
            .where('token_hash', '=', hashToken(access))
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      const signedInAt = await lastSeen();
      h().clock.advance({ minutes: 0.5 });
      await me(access, user_id);
      expect(await lastSeen()).toBe(signedInAt);
      h().clock.advance({ minutes: 31 / 60 });
      await me(access, user_id);
      expect(await lastSeen()).toBe(h().clock.now().toISOString());
    });

    it('stores only a hash of the token', async () => {
      const { access } = await h().login(DEMO.user);
      const rows = await h().database.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === access)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });
  });
});

describeEachDatabase('POST /api/logout/', (h) => {
  it('revokes the current token only', async () => {
    const user = await h().createUser({ password: STRONG_PASSWORD });
    const first = await h().login(user.email, user.password);
    const second = await h().login(user.email, user.password);
    const res = await h().request('POST', '/api/logout/', { token: first.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Signed out.' });
    expect((await h().request('GET', `/api/user/${user.id}/`, { token: first.access })).statusCode).toBe(401);
    expect((await h().request('GET', `/api/user/${user.id}/`, { token: second.access })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await h().request('POST', '/api/logout/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: sessionMessages.unauthenticated, code: ERROR_CODES.unauthenticated });
  });
});
