import {
  accountLockMessages,
  ERROR_CODES,
  LOGIN_LOCK_AFTER_FAILURES,
  mfaMessages,
  phoneMessages,
  profileMessages,
  sessionMessages,
  type LockedAccountList,
  type LoginResponse,
  type ManagedUserList,
  type TotpEnrolment,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, STRONG_PASSWORD, type Harness } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { checkCode, enrolMfa, startChallenge, totpAt } from './mfa.fixtures.ts';

const FORBIDDEN = { detail: sessionMessages.forbidden, code: ERROR_CODES.forbidden };
const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

async function lockOut(h: Harness, email: string) {
  for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i += 1) {
    const res = await h.request('POST', '/api/login/', {
      body: { username: email, password: 'Wrong#Pass1' },
      ip: h.uniqueIp(),
    });
    expect([401, 429]).toContain(res.statusCode);
  }
}

describeEachDatabase('account lock and user/unblock-login/', (h) => {
  const login = (email: string, password: string) =>
    h().request('POST', '/api/login/', { body: { username: email, password }, ip: h().uniqueIp() });
  const locked = (token: string | null) =>
    h().request('GET', '/api/user/unblock-login/', { token, query: { limits: 200 } });
  const unblock = (token: string | null, userId: number) =>
    h().request('POST', '/api/user/unblock-login/', { token, body: { user_id: userId } });
  /** The Users screen's row of `email`: its lock shows there too. */
  const usersRow = async (token: string, email: string) => {
    const res = await h().request('GET', '/api/user/', { token, query: { search_key: email } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ManagedUserList>().data.find((row) => row.email === email);
  };

  it(`locks after ${LOGIN_LOCK_AFTER_FAILURES} failed sign-ins in a row; any password then gets one answer; an admin unblocks`, async () => {
    const victim = await h().createUser({});
    await lockOut(h(), victim.email);
    const refused = await login(victim.email, victim.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: accountLockMessages.locked, code: 'ACCOUNT_LOCKED' });
    // The same answer for a wrong password: the lock is no oracle for guesses (issue 10, item 1).
    const wrong = await login(victim.email, 'Wrong#Pass1');
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({ status: 403, body: refused.json() });

    const { access: adminToken } = await h().login(DEMO.admin);
    expect(await usersRow(adminToken, victim.email)).toMatchObject({ id: victim.id, is_locked: true });
    const list = (await locked(adminToken)).json<LockedAccountList>();
    expect(list.data.find((row) => row.user_id === victim.id)).toMatchObject({
      username: victim.email,
      organisation: 'Demo Law LLP',
    });
    const { access: otherToken } = await h().login(DEMO.otherAdmin);
    expect((await locked(otherToken)).json<LockedAccountList>().data.some((row) => row.user_id === victim.id)).toBe(
      false,
    );
    expect((await unblock(otherToken, victim.id)).json()).toEqual(NOT_FOUND);

    const done = await unblock(adminToken, victim.id);
    expect(done.json()).toEqual({ detail: accountLockMessages.unblocked });
    expect(await usersRow(adminToken, victim.email)).toMatchObject({ id: victim.id, is_locked: false });
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
    expect((await unblock(adminToken, victim.id)).json().detail).toBe(accountLockMessages.notLocked);
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'user', victim.id);
    expect(history.map((e) => e.action)).toEqual(expect.arrayContaining(['login_locked', 'login_unblocked']));
  });

  it('lets the super user see and unblock any organisation’s accounts', async () => {
    const victim = await h().createUser({ organisationId: h().ids.otherOrg });
    await lockOut(h(), victim.email);
    const { access } = await h().login(DEMO.super);
    expect((await locked(access)).json<LockedAccountList>().data.some((row) => row.user_id === victim.id)).toBe(true);
    expect(await usersRow(access, victim.email)).toMatchObject({ id: victim.id, is_locked: true });
    const detail = await h().request('GET', `/api/user/${victim.id}/manage/`, { token: access });
    expect(detail.json()).toMatchObject({ id: victim.id, is_locked: true });
    expect((await unblock(access, victim.id)).statusCode).toBe(200);
  });

  it('unlocks through a reset-password link (the owner proves the email)', async () => {
    const victim = await h().createUser({});
    await lockOut(h(), victim.email);
    await h().request('POST', '/api/forgotpassword/', { body: { username: victim.email }, ip: h().uniqueIp() });
    const token = (await h().mailsTo(victim.email))[0]!.body_text.match(/token=([A-Za-z0-9_-]+)/)![1];
    await h().request('PUT', '/api/token/', { body: { token, password: STRONG_PASSWORD } });
    expect((await login(victim.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('is for admins and super: users 403, no token 401, unknown user 404, bad body 400', async () => {
    const { access } = await h().login(DEMO.user);
    expect((await locked(access)).json()).toEqual(FORBIDDEN);
    expect((await unblock(access, h().ids.user)).json()).toEqual(FORBIDDEN);
    expect((await locked(null)).statusCode).toBe(401);
    expect((await unblock(null, 1)).statusCode).toBe(401);
    const { access: adminToken } = await h().login(DEMO.admin);
    expect((await unblock(adminToken, 999_999)).statusCode).toBe(404);
    expect((await unblock(adminToken, h().ids.super)).statusCode).toBe(404);
    expect((await h().request('POST', '/api/user/unblock-login/', { token: adminToken, body: {} })).statusCode).toBe(
      400,
    );
  });
});

describeEachDatabase('organisation MFA policy (organisation/mfa-policy/)', (h) => {
  const read = (token: string | null, query: Record<string, number> = {}) =>
    h().request('GET', '/api/organisation/mfa-policy/', { token, query });
  const write = (token: string | null, body: unknown) =>
    h().request('PUT', '/api/organisation/mfa-policy/', { token, body });

  it('makes users of the organisation set up an authenticator at their next sign-in', async () => {
    const admin = await h().freshSession('admin');
    const member = await h().createUser({});
    const saved = await write(admin.token, { required_roles: ['user'] });
    expect(saved.json()).toEqual({
      detail: mfaMessages.policySaved,
      organisation_id: h().ids.demoOrg,
      required_roles: ['user'],
    });
    expect((await read(admin.token)).json().required_roles).toEqual(['user']);

    const challenge = await startChallenge(h(), member.email, member.password);
    expect(challenge.enrolment_required).toBe(true);
    const enrolment = (
      await h().request('POST', '/api/user/login/otp/validations/', { body: { mfa_token: challenge.mfa_token } })
    ).json<TotpEnrolment>();
    expect(enrolment.otpauth_uri).toContain(encodeURIComponent(member.email));
    const res = await checkCode(h(), challenge.mfa_token, await totpAt(h(), enrolment.secret));
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<LoginResponse>();
    expect(session.is_mfa_enabled).toBe(true);
    const off = await h().request('POST', '/api/user/mfa/toggle/', {
      token: session.access,
      body: { enable: false, password: member.password },
    });
    expect(off.json().detail).toBe(mfaMessages.requiredByOrganisation);
    await write(admin.token, { required_roles: [] });
  });

  it('keeps an admin to their own organisation (404) and lets super choose one', async () => {
    const { access: adminToken } = await h().login(DEMO.admin);
    expect((await read(adminToken, { organisation_id: h().ids.otherOrg })).json()).toEqual(NOT_FOUND);
    expect((await write(adminToken, { organisation_id: h().ids.otherOrg, required_roles: ['admin'] })).json()).toEqual(
      NOT_FOUND,
    );
    const { access: superToken } = await h().login(DEMO.super);
    const saved = await write(superToken, { organisation_id: h().ids.otherOrg, required_roles: ['admin', 'admin'] });
    expect(saved.json().required_roles).toEqual(['admin']);
    expect((await read(superToken, { organisation_id: h().ids.otherOrg })).json().required_roles).toEqual(['admin']);
    expect((await read(superToken, { organisation_id: 999_999 })).statusCode).toBe(404);
    await write(superToken, { organisation_id: h().ids.otherOrg, required_roles: [] });
  });

  it('refuses users (403), no token (401) and unknown roles (400)', async () => {
    const { access } = await h().login(DEMO.user);
    expect((await read(access)).json()).toEqual(FORBIDDEN);
    expect((await write(access, { required_roles: [] })).json()).toEqual(FORBIDDEN);
    expect((await read(null)).statusCode).toBe(401);
    const { access: adminToken } = await h().login(DEMO.admin);
    expect((await write(adminToken, { required_roles: ['owner'] })).statusCode).toBe(400);
  });
});

describeEachDatabase("an admin turns off a user's MFA (user/mfa/toggle/ with user_id)", (h) => {
  it('works within the organisation, 404 for another, 403 for users', async () => {
    const member = await h().freshSession('user');
    await enrolMfa(h(), member.token);
    const toggle = (token: string, userId: number) =>
      h().request('POST', '/api/user/mfa/toggle/', { token, body: { enable: false, user_id: userId } });
    const { access: otherAdmin } = await h().login(DEMO.otherAdmin);
    expect((await toggle(otherAdmin, member.id)).json()).toEqual(NOT_FOUND);
    const peer = await h().freshSession('user');
    expect((await toggle(peer.token, member.id)).json()).toEqual(FORBIDDEN);
    const { access: admin } = await h().login(DEMO.admin);
    expect((await toggle(admin, member.id)).json()).toMatchObject({
      detail: mfaMessages.disabled,
      is_mfa_enabled: false,
    });
    expect((await h().login(member.email, member.password)).access).toBeTruthy();
  });
});

describeEachDatabase('phone verification (user/phone/…)', (h) => {
  const call = (token: string | null, step: string, body: unknown) =>
    h().request('POST', `/api/user/phone/${step}/`, { token, body });

  it('texts a code, checks it, then saves the number as the verified phone', async () => {
    const me = await h().freshSession('user');
    const phone = '+44 7700 900555';
    expect((await call(me.token, 'update', { phone, password: me.password })).json().detail).toBe(
      phoneMessages.verifyFirst,
    );
    const sent = await call(me.token, 'send-verification-code', { phone });
    expect(sent.json()).toEqual({ detail: phoneMessages.codeSent, sent_to: '••••••••0555' });
    const code = (await h().mailsTo(phone))[0]!.body_text.match(/\d{6}/)![0];
    const wrong = await call(me.token, 'check-verification-code', {
      phone,
      verification_code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().detail).toBe(mfaMessages.codeInvalid);
    const other = await call(me.token, 'check-verification-code', {
      phone: '+44 7700 900556',
      verification_code: code,
    });
    expect(other.json().detail).toBe(mfaMessages.challengeExpired);
    const checked = await call(me.token, 'check-verification-code', { phone, verification_code: code });
    expect(checked.json()).toMatchObject({ detail: phoneMessages.verified, verified_phone: null });
    const saved = await call(me.token, 'update', { phone, password: me.password });
    expect(saved.json()).toEqual({ detail: phoneMessages.saved, phone, verified_phone: phone });
    const profile = await h().request('GET', `/api/user/${me.id}/`, { token: me.token });
    expect(profile.json().phone).toBe(phone);
  });

  it('expires a code after 10 minutes', async () => {
    const me = await h().freshSession('user');
    const phone = '+44 7700 900666';
    await call(me.token, 'send-verification-code', { phone });
    const code = (await h().mailsTo(phone))[0]!.body_text.match(/\d{6}/)![0];
    h().clock.advance({ minutes: 11 });
    expect((await call(me.token, 'check-verification-code', { phone, verification_code: code })).json().detail).toBe(
      mfaMessages.challengeExpired,
    );
  });

  it('limits codes to 5 per user in 15 minutes', async () => {
    const me = await h().freshSession('user');
    for (let i = 0; i < 5; i += 1)
      expect((await call(me.token, 'send-verification-code', { phone: '+44 7700 900888' })).statusCode).toBe(200);
    const res = await call(me.token, 'send-verification-code', { phone: '+44 7700 900888' });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe(mfaMessages.tooManySends);
  });

  it.each([
    [{ phone: '' }, phoneMessages.phoneRequired],
    [{ phone: 'call me' }, profileMessages.invalidPhone],
  ])('%j answers 400 %s', async (body, message) => {
    const me = await h().freshSession('user');
    const res = await call(me.token, 'send-verification-code', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it('needs a token', async () => {
    for (const step of ['send-verification-code', 'check-verification-code', 'update']) {
      expect((await call(null, step, { phone: '+44 7700 900999', verification_code: '123456' })).statusCode).toBe(401);
    }
  });
});
