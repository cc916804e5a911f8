import {
  ERROR_CODES,
  mfaMessages,
  passwordMessages,
  type LoginResponse,
  type MfaMonitoringResponse,
  type MfaToggleResponse,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { checkCode, enrolMfa, startChallenge, totpAt } from './mfa.fixtures.ts';

describeEachDatabase('MFA set-up on the profile (user/mfa/…)', (h) => {
  const toggle = (token: string | null, body: unknown) => h().request('POST', '/api/user/mfa/toggle/', { token, body });
  const monitoring = async (token: string) =>
    (await h().request('GET', '/api/user/mfa/monitoring/', { token })).json<MfaMonitoringResponse>();

  it('starts with a QR code, turns on with a right code, answers 10 bypass codes once and never the secret again', async () => {
    const me = await h().freshSession('user');
    expect(await monitoring(me.token)).toMatchObject({
      is_mfa_enabled: false,
      is_mfa_required: false,
      bypass_codes_left: 0,
    });
    const start = (await toggle(me.token, { enable: true, password: me.password })).json<MfaToggleResponse>();
    expect(start.is_mfa_enabled).toBe(false);
    expect(start.enrolment?.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(start.enrolment?.otpauth_uri).toContain(`otpauth://totp/Lexdesk:${encodeURIComponent(me.email)}`);
    const secret = start.enrolment!.secret;
    const wrong = await toggle(me.token, { enable: true, verification_code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(mfaMessages.codeInvalid);
    const done = await toggle(me.token, { enable: true, verification_code: await totpAt(h(), secret) });
    expect(done.json<MfaToggleResponse>()).toMatchObject({ detail: mfaMessages.enabled, is_mfa_enabled: true });
    const codes = done.json<MfaToggleResponse>().bypass_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const state = await monitoring(me.token);
    expect(state).toMatchObject({ is_mfa_enabled: true, bypass_codes_left: 10 });
    expect(JSON.stringify(state)).not.toContain(secret);
    const row = await h()
      .database.db.selectFrom('user_security')
      .selectAll()
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    const stored = await h()
      .database.db.selectFrom('mfa_bypass_codes')
      .select('code_hash')
      .where('user_id', '=', me.id)
      .execute();
    expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replace('-', ''));
    expect((await toggle(me.token, { enable: true })).json().detail).toBe(mfaMessages.alreadyEnabled);
  });

  it('asks to start again when confirming without a started set-up', async () => {
    const me = await h().freshSession('user');
    const res = await toggle(me.token, { enable: true, verification_code: '123456' });
    expect(res.json().detail).toBe(mfaMessages.startAgain);
  });

  it('turns off only with the password, and not while MFA is off', async () => {
    const me = await h().freshSession('user');
    expect((await toggle(me.token, { enable: false, password: me.password })).json().detail).toBe(
      mfaMessages.notEnabled,
    );
    await enrolMfa(h(), me.token);
    const wrong = await toggle(me.token, { enable: false, password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(passwordMessages.currentWrong);
    const off = await toggle(me.token, { enable: false, password: me.password });
    expect(off.json()).toMatchObject({ detail: mfaMessages.disabled, is_mfa_enabled: false });
    expect((await h().login(me.email, me.password)).access).toBeTruthy();
  });

  it('generates new bypass codes after the password; the earlier ones stop working', async () => {
    const me = await h().freshSession('user');
    const gen = (password: string) =>
      h().request('POST', '/api/user/mfa/generate-bypass-code/', { token: me.token, body: { password } });
    expect((await gen(me.password)).json().detail).toBe(mfaMessages.notEnabled);
    const { bypassCodes } = await enrolMfa(h(), me.token);
    expect((await gen('Wrong#Pass1')).json().detail).toBe(passwordMessages.currentWrong);
    const fresh = await gen(me.password);
    expect(fresh.json()).toMatchObject({ detail: mfaMessages.bypassGenerated });
    const challenge = await startChallenge(h(), me.email, me.password);
    expect((await checkCode(h(), challenge.mfa_token, bypassCodes[0]!)).json().detail).toBe(mfaMessages.codeInvalid);
    const newCode = fresh.json().bypass_codes[0] as string;
    expect((await checkCode(h(), challenge.mfa_token, newCode.toLowerCase())).statusCode).toBe(200);
  });

  it('needs a token for every call', async () => {
    expect((await h().request('GET', '/api/user/mfa/monitoring/')).statusCode).toBe(401);
    expect((await toggle(null, { enable: true })).statusCode).toBe(401);
    expect(
      (await h().request('POST', '/api/user/mfa/generate-bypass-code/', { body: { password: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describeEachDatabase('second sign-in step (user/login/…)', (h) => {
  it('answers a challenge instead of a session, and the session after an authenticator code', async () => {
    const me = await h().freshSession('admin');
    const { secret } = await enrolMfa(h(), me.token);
    const sessionsBefore = await h()
      .database.db.selectFrom('sessions')
      .select('id')
      .where('user_id', '=', me.id)
      .execute();
    const challenge = await startChallenge(h(), me.email, me.password);
    expect(challenge).toMatchObject({
      is_mfa_enabled: true,
      username: me.email,
      enrolment_required: false,
      can_send_sms: false,
    });
    const sessionsAfter = await h()
      .database.db.selectFrom('sessions')
      .select('id')
      .where('user_id', '=', me.id)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    h().clock.advance({ minutes: 1 });
    const code = await totpAt(h(), secret);
    const res = await checkCode(h(), challenge.mfa_token, code);
    expect(res.statusCode, res.body).toBe(200);
    const login = res.json<LoginResponse>();
    expect(login).toMatchObject({ is_mfa_enabled: true, type: 'admin', username: me.email });
    expect((await h().request('GET', `/api/user/${me.id}/`, { token: login.access })).statusCode).toBe(200);
    // A code works once: the same code on a new challenge is refused, and the used challenge is gone.
    const again = await startChallenge(h(), me.email, me.password);
    expect((await checkCode(h(), again.mfa_token, code)).json().detail).toBe(mfaMessages.codeInvalid);
    expect((await checkCode(h(), challenge.mfa_token, code)).json().detail).toBe(mfaMessages.challengeExpired);
  });

  it('takes a bypass code once', async () => {
    const me = await h().freshSession('user');
    const { bypassCodes } = await enrolMfa(h(), me.token);
    const first = await startChallenge(h(), me.email, me.password);
    expect((await checkCode(h(), first.mfa_token, bypassCodes[3]!)).statusCode).toBe(200);
    const second = await startChallenge(h(), me.email, me.password);
    expect((await checkCode(h(), second.mfa_token, bypassCodes[3]!)).json().detail).toBe(mfaMessages.codeInvalid);
    const state = await h().request('GET', '/api/user/mfa/monitoring/', { token: me.token });
    expect(state.json().bypass_codes_left).toBe(9);
  });

  it('ends a challenge after 5 wrong codes or 10 minutes', async () => {
    const me = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), me.token);
    const challenge = await startChallenge(h(), me.email, me.password);
    for (let i = 1; i < 5; i += 1)
      expect((await checkCode(h(), challenge.mfa_token, '000000')).json().detail).toBe(mfaMessages.codeInvalid);
    expect((await checkCode(h(), challenge.mfa_token, '000000')).json().detail).toBe(mfaMessages.tooManyChecks);
    h().clock.advance({ minutes: 1 });
    expect((await checkCode(h(), challenge.mfa_token, await totpAt(h(), secret))).json().detail).toBe(
      mfaMessages.tooManyChecks,
    );
    const late = await startChallenge(h(), me.email, me.password);
    h().clock.advance({ minutes: 10 });
    const res = await checkCode(h(), late.mfa_token, await totpAt(h(), secret));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: mfaMessages.challengeExpired, code: ERROR_CODES.validation });
  });

  it('refuses an empty code and an unknown challenge', async () => {
    const empty = await checkCode(h(), 'x', ' ');
    expect(empty.json().detail).toBe(mfaMessages.codeRequired);
    expect((await checkCode(h(), 'no-such-challenge', '123456')).json().detail).toBe(mfaMessages.challengeExpired);
    const sms = await h().request('POST', '/api/user/login/send-verification-code/', { body: { mfa_token: 'nope' } });
    expect(sms.json().detail).toBe(mfaMessages.challengeExpired);
  });

  it('texts a sign-in code to a verified phone only', async () => {
    const me = await h().freshSession('user');
    await enrolMfa(h(), me.token);
    const send = (token: string) =>
      h().request('POST', '/api/user/login/send-verification-code/', { body: { mfa_token: token } });
    const challenge = await startChallenge(h(), me.email, me.password);
    expect((await send(challenge.mfa_token)).json().detail).toBe(mfaMessages.noPhone);
    const phone = '+44 7700 900777';
    await h().request('POST', '/api/user/phone/send-verification-code/', { token: me.token, body: { phone } });
    const phoneCode = (await h().mailsTo(phone))[0]!.body_text.match(/\d{6}/)![0];
    await h().request('POST', '/api/user/phone/check-verification-code/', {
      token: me.token,
      body: { phone, verification_code: phoneCode },
    });
    expect(
      (
        await h().request('POST', '/api/user/phone/update/', {
          token: me.token,
          body: { phone, password: me.password },
        })
      ).statusCode,
    ).toBe(200);
    const withPhone = await startChallenge(h(), me.email, me.password);
    expect(withPhone.can_send_sms).toBe(true);
    const sent = await send(withPhone.mfa_token);
    expect(sent.json()).toEqual({ detail: mfaMessages.codeSent, sent_to: '••••••••0777' });
    const [sms] = await h().mailsTo(phone);
    expect(sms?.body_text).toMatch(/Your Lexdesk sign-in code is \d{6}/);
    const code = sms!.body_text.match(/\d{6}/)![0];
    expect((await checkCode(h(), withPhone.mfa_token, code)).statusCode).toBe(200);
  });
});
