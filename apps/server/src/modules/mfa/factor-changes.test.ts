import { mfaMessages, passwordMessages, phoneMessages, type MfaToggleResponse } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, describeEachDatabase } from '../../../test/harness.ts';
import { checkCode, startChallenge, totpAt } from './mfa.fixtures.ts';

/** Issue 10, item 16: a session alone cannot add or replace a sign-in factor. */
describeEachDatabase('changing a second factor needs the current password', (h) => {
  const toggle = (token: string, body: unknown) => h().request('POST', '/api/user/mfa/toggle/', { token, body });
  const phoneStep = (token: string, step: string, body: unknown) =>
    h().request('POST', `/api/user/phone/${step}/`, { token, body });

  it('shows no authenticator secret to set up without the right password', async () => {
    const me = await h().freshSession('user');
    for (const body of [{ enable: true }, { enable: true, password: 'Wrong#Pass2026' }]) {
      const res = await toggle(me.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: passwordMessages.currentWrong });
      expect(res.json().enrolment).toBeUndefined();
    }
    const started = await toggle(me.token, { enable: true, password: me.password });
    expect(started.json<MfaToggleResponse>().enrolment?.secret).toBeTruthy();
  });

  it('does not replace the verified phone without the right password', async () => {
    const me = await h().freshSession('user');
    const phone = '+44 7700 900321';
    await phoneStep(me.token, 'send-verification-code', { phone });
    const code = (await h().mailsTo(phone))[0]!.body_text.match(/\d{6}/)![0];
    await phoneStep(me.token, 'check-verification-code', { phone, verification_code: code });
    expect((await phoneStep(me.token, 'update', { phone })).statusCode).toBe(400);
    const wrong = await phoneStep(me.token, 'update', { phone, password: 'Wrong#Pass2026' });
    expect(wrong.json()).toMatchObject({ detail: passwordMessages.currentWrong });
    const saved = await phoneStep(me.token, 'update', { phone, password: me.password });
    expect(saved.json()).toEqual({ detail: phoneMessages.saved, phone, verified_phone: phone });
  });
});

/** Issue 10, item 4 (part): a firm can require MFA for its super users too. */
describeEachDatabase('MFA policy for super users', (h) => {
  it('makes the organisation’s super users set up an authenticator at their next sign-in', async () => {
    const { access } = await h().login(DEMO.admin);
    const saved = await h().request('PUT', '/api/organisation/mfa-policy/', {
      token: access,
      body: { required_roles: ['super'] },
    });
    expect(saved.json()).toMatchObject({ detail: mfaMessages.policySaved, required_roles: ['super'] });
    const challenge = await startChallenge(h(), DEMO.super, DEMO_PASSWORD);
    expect(challenge.enrolment_required).toBe(true);
    const enrolment = await h().request('POST', '/api/user/login/otp/validations/', {
      body: { mfa_token: challenge.mfa_token },
    });
    const done = await checkCode(h(), challenge.mfa_token, await totpAt(h(), enrolment.json().secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().is_super).toBe(true);
    // Other roles are untouched.
    expect((await h().login(DEMO.user)).access).toBeTruthy();
  });
});
