import {
  ERROR_CODES,
  OTP_MAX_RESENDS,
  organisationMessages,
  passwordMessages,
  planMessages,
  profileMessages,
  registrationMessages,
  userAdminMessages,
  userLimitMessages,
  type SignUpResponse,
} from '@lexdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, PUBLIC_URL, STRONG_PASSWORD, type Harness } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { usersService } from '../users/users.service.ts';
import { latestCodeTo, setRegistrationOpen, uniquePhone } from './registration.fixtures.ts';

function form(h: Harness, patch: Record<string, unknown> = {}) {
  return {
    name: 'Harbour Chambers',
    email: h.uniqueEmail('founder'),
    phone: uniquePhone(),
    plan_name: 'Associate',
    duration: 12,
    user_limit: 5,
    terms: true,
    ...patch,
  };
}

const LINK_EXPIRED = { detail: passwordMessages.linkExpired, code: ERROR_CODES.linkExpired };

describeEachDatabase('self-registration', (h) => {
  const signUp = (body: unknown, ip = h().uniqueIp()) => h().request('POST', '/api/sign-up/', { body, ip });
  const resend = (token: string) =>
    h().request('POST', '/api/user/register/send-verification-code/', { body: { token } });
  const check = (token: string, code: string, ip = h().uniqueIp()) =>
    h().request('POST', '/api/user/register/check-verification-code/', {
      body: { token, verification_code: code },
      ip,
    });

  describe('while registration is closed (the default)', () => {
    it('refuses sign-up with the closed message', async () => {
      const res = await signUp(form(h()));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: registrationMessages.closed, code: ERROR_CODES.forbidden });
    });
  });

  describe('while registration is open', () => {
    beforeAll(async () => setRegistrationOpen(h(), true));

    it('texts an OTP, and the right OTP creates the organisation, its admin and a set-password link', async () => {
      const body = form(h());
      const res = await signUp(body);
      expect(res.statusCode, res.body).toBe(200);
      const started = res.json<SignUpResponse>();
      expect(started).toMatchObject({
        otp_channel: 'sms',
        resends_left: OTP_MAX_RESENDS,
        detail: registrationMessages.otpSentSms,
        expires_at: new Date(h().clock.now().getTime() + 10 * 60_000).toISOString(),
      });
      expect(started.sent_to).toMatch(/^•+\d{4}$/);
      const [sms] = await h().mailsTo(body.phone);
      expect(sms?.body_text).toMatch(/Your Lexdesk registration code is \d{6}\. It expires in 10 minutes/);
      expect(await usersService(h().ctx).findByEmail(body.email)).toBeNull();

      const done = await check(started.token, await latestCodeTo(h(), body.phone));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ detail: registrationMessages.linkSent, email: body.email });
      const admin = await usersService(h().ctx).findByEmail(body.email);
      expect(admin).toMatchObject({ role: 'admin', isActive: true, passwordHash: null, phone: body.phone });
      const [mail] = await h().mailsTo(body.email);
      expect(mail?.subject).toBe('Set your Lexdesk password');
      const link = mail?.body_text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
      expect(mail?.body_text).toContain(`${PUBLIC_URL}/${body.email}/token=`);

      const set = await h().request('PUT', '/api/token/', { body: { token: link, password: STRONG_PASSWORD } });
      expect(set.statusCode).toBe(200);
      const session = await h().login(body.email, STRONG_PASSWORD);
      expect(session).toMatchObject({
        type: 'admin',
        user_organisation: 'Harbour Chambers',
        current_plan: 'Associate',
      });
      const plan = await h().request('GET', `/api/user/${session.user_id}/`, { token: session.access });
      expect(plan.json().plan_validity).toBeGreaterThan(360);
      const history = await auditService(h().ctx).historyOf(
        admin!.organisationId,
        'organisation',
        admin!.organisationId,
      );
      expect(history[0]).toMatchObject({
        action: 'registered',
        actorUserId: null,
        changes: { name: 'Harbour Chambers', plan: 'Associate', duration: 12, user_limit: 5, terms_accepted: true },
      });
      // The registration is used up: its token is a dead link now.
      const again = await check(started.token, '000000');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(LINK_EXPIRED);
      expect((await resend(started.token)).json()).toEqual(LINK_EXPIRED);
    });

    it('emails the OTP when no phone is given, and registers Trial and Membership with their own durations', async () => {
      for (const plan of ['Trial', 'Membership'] as const) {
        const body = form(h(), { phone: '', plan_name: plan, duration: null, user_limit: '1' });
        const started = (await signUp(body)).json<SignUpResponse>();
        expect(started).toMatchObject({ otp_channel: 'email', detail: registrationMessages.otpSentEmail });
        const [mail] = await h().mailsTo(body.email);
        expect(mail?.subject).toBe('Your Lexdesk registration code');
        expect((await check(started.token, await latestCodeTo(h(), body.email))).statusCode).toBe(200);
        const admin = await usersService(h().ctx).findByEmail(body.email);
        const org = await h().request('GET', `/api/user/${admin!.id}/`, {
          token: (await h().login('super@example.com')).access,
        });
        expect(org.json().current_plan).toBe(plan);
      }
    });

    it.each([
      [{ name: '  ' }, 'name', organisationMessages.nameRequired],
      [{ email: '' }, 'email', userAdminMessages.emailRequired],
      [{ email: 'not-an-email' }, 'email', userAdminMessages.emailInvalid],
      [{ terms: false }, 'terms', registrationMessages.termsRequired],
      [{ duration: null }, 'duration', planMessages.durationRequired],
      [{ user_limit: '' }, 'user_limit', userLimitMessages.blank],
      [{ user_limit: 10000 }, 'user_limit', userLimitMessages.tooLong],
      [{ phone: 'call me' }, 'phone', profileMessages.invalidPhone],
      [{ plan_name: 'Bespoke', duration: null }, 'plan_name', registrationMessages.bespokeByContact],
    ])('%j answers 400 on %s: %s', async (patch, field, message) => {
      const res = await signUp(form(h(), patch));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.validation);
      expect(res.json().fields[field]).toBe(message);
    });

    it('answers an email that already has an account exactly as a new one, and mails its owner instead', async () => {
      const fresh = (await signUp(form(h()))).json<SignUpResponse>();
      const taken = form(h(), { email: 'USER@example.com' });
      const res = await signUp(taken);
      expect(res.statusCode, res.body).toBe(200);
      const started = res.json<SignUpResponse>();
      expect(Object.keys(started).sort()).toEqual(Object.keys(fresh).sort());
      expect({ ...started, token: '', sent_to: '' }).toEqual({ ...fresh, token: '', sent_to: '' });
      const organisations = await h().request('GET', '/api/admin/organisations/', {
        token: (await h().login('super@example.com')).access,
      });

      const done = await check(started.token, await latestCodeTo(h(), taken.phone));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ detail: registrationMessages.linkSent, email: 'user@example.com' });
      const [mail] = await h().mailsTo('user@example.com');
      expect(mail?.subject).toBe('You already have a Lexdesk account');
      expect(mail?.body_text).not.toMatch(/token=/);
      const after = await h().request('GET', '/api/admin/organisations/', {
        token: (await h().login('super@example.com')).access,
      });
      expect(after.json()).toEqual(organisations.json());
      expect(await usersService(h().ctx).findByEmail('user@example.com')).toMatchObject({ role: 'user' });
      expect((await check(started.token, '000000')).json()).toEqual(LINK_EXPIRED);
    });

    it('answers Invalid OTP for a wrong code, and ends the registration after 5 wrong codes', async () => {
      const body = form(h());
      const { token } = (await signUp(body)).json<SignUpResponse>();
      const right = await latestCodeTo(h(), body.phone);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let i = 1; i < 5; i += 1)
        expect((await check(token, wrong)).json().detail).toBe(registrationMessages.otpInvalid);
      expect((await check(token, wrong)).json().detail).toBe(registrationMessages.otpTooManyChecks);
      expect((await check(token, right)).json().detail).toBe(registrationMessages.otpTooManyChecks);
    });

    it('refuses an OTP that is not 6 digits', async () => {
      const { token } = (await signUp(form(h()))).json<SignUpResponse>();
      for (const code of ['', '12345', 'abcdef']) {
        const res = await check(token, code);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(registrationMessages.otpRequired);
      }
      expect((await check(token, '1234567')).statusCode).toBe(400);
    });

    it('expires the OTP after 10 minutes: Session expired, please login again!', async () => {
      const body = form(h());
      const { token } = (await signUp(body)).json<SignUpResponse>();
      const code = await latestCodeTo(h(), body.phone);
      h().clock.advance({ minutes: 10 });
      const res = await check(token, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(registrationMessages.sessionExpired);
      expect((await resend(token)).json().detail).toBe(registrationMessages.sessionExpired);
    });

    it('resends a new OTP at most 3 times, each with a new 10 minutes; the old OTP stops working', async () => {
      const body = form(h());
      const { token } = (await signUp(body)).json<SignUpResponse>();
      const first = await latestCodeTo(h(), body.phone);
      for (let i = 1; i <= OTP_MAX_RESENDS; i += 1) {
        h().clock.advance({ minutes: 9 });
        const res = await resend(token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ detail: registrationMessages.otpResent, resends_left: OTP_MAX_RESENDS - i });
      }
      const limited = await resend(token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toBe(registrationMessages.resendLimit);
      const latest = await latestCodeTo(h(), body.phone);
      if (latest !== first) expect((await check(token, first)).json().detail).toBe(registrationMessages.otpInvalid);
      expect((await check(token, latest)).statusCode).toBe(200);
    });

    it('answers Link expired for an unknown token', async () => {
      for (const res of [await resend('no-such-token'), await check('no-such-token', '123456')]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(LINK_EXPIRED);
      }
    });

    it('answers Link expired for a registration superseded by a newer sign-up with the same email', async () => {
      const body = form(h());
      const first = (await signUp(body)).json<SignUpResponse>();
      const firstCode = await latestCodeTo(h(), body.phone);
      const second = (await signUp({ ...body, email: body.email.toUpperCase() })).json<SignUpResponse>();
      expect(second.token).not.toBe(first.token);
      expect((await check(first.token, firstCode)).json()).toEqual(LINK_EXPIRED);
      expect((await resend(first.token)).json()).toEqual(LINK_EXPIRED);
      expect((await check(second.token, await latestCodeTo(h(), body.phone))).statusCode).toBe(200);
    });

    it('limits registrations per address: 10 in 15 minutes, then 429', async () => {
      const ip = h().uniqueIp();
      for (let i = 0; i < 10; i += 1) expect((await signUp(form(h()), ip)).statusCode).toBe(200);
      const res = await signUp(form(h()), ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe(registrationMessages.tooMany);
    });
  });
});
