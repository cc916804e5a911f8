import {
  ERROR_CODES,
  passwordMessages,
  registrationMessages,
  type DeliveryStatus,
  type SignUpResponse,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, START, type Harness } from '../../test/harness.ts';
import { checkCode, enrolMfa, startChallenge, totpAt } from '../modules/mfa/mfa.fixtures.ts';
import { latestCodeTo, setRegistrationOpen, uniquePhone } from '../modules/registration/registration.fixtures.ts';
import { hashToken } from './auth/tokens.ts';
import { housekeeping, housekeepingStatus } from './housekeeping.ts';

/** Timeline of both tests: stale rows end before STALE_BEFORE, a day before housekeeping runs at RUN_AT. */
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const DAY = 24 * 60;
const RUN_AT = DAY + 12;

describeEachDatabase('housekeeping', (h) => {
  async function signUp(harness: Harness) {
    const phone = uniquePhone();
    const res = await harness.request('POST', '/api/sign-up/', {
      body: {
        name: 'Housekeeping Chambers',
        email: harness.uniqueEmail('hk'),
        phone,
        plan_name: 'Associate',
        duration: 12,
        user_limit: 5,
        terms: true,
      },
      ip: harness.uniqueIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json<SignUpResponse>().token, phone };
  }
  const resend = (token: string) =>
    h().request('POST', '/api/user/register/send-verification-code/', { body: { token } });

  it('removes pending registrations whose OTP ended over a day ago, and keeps recent and live ones', async () => {
    await setRegistrationOpen(h(), true);
    const stale = await signUp(h()); // OTP ends at START + 10 minutes
    h().clock.set(at(DAY - 60));
    const recent = await signUp(h()); // expired 50 minutes later, less than a day before the run
    h().clock.set(at(RUN_AT));
    const live = await signUp(h());

    await housekeeping(h().ctx);

    const gone = await resend(stale.token);
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ detail: passwordMessages.linkExpired, code: ERROR_CODES.linkExpired });
    const kept = await resend(recent.token);
    expect(kept.statusCode).toBe(400);
    expect(kept.json().detail).toBe(registrationMessages.sessionExpired);
    const check = await h().request('POST', '/api/user/register/check-verification-code/', {
      body: { token: live.token, verification_code: await latestCodeTo(h(), live.phone) },
      ip: h().uniqueIp(),
    });
    expect(check.statusCode, check.body).toBe(200);
  });

  it('removes verification codes used or expired over a day ago, and keeps recent and live ones', async () => {
    const mfaUser = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), mfaUser.token);
    const phoneUser = await h().createUser({ role: 'user' });
    const codesOf = async (userId: number) =>
      (
        await h()
          .database.db.selectFrom('verification_codes')
          .select(['purpose', 'token_hash', 'used_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((row) => ({ purpose: row.purpose, token_hash: row.token_hash, used: row.used_at !== null }));
    const sendPhoneCode = async () => {
      const { access } = await h().login(phoneUser.email, phoneUser.password);
      const phone = uniquePhone();
      const res = await h().request('POST', '/api/user/phone/send-verification-code/', {
        token: access,
        body: { phone },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { access, phone, code: await latestCodeTo(h(), phone) };
    };

    // Stale: a challenge passed, another abandoned, and a phone code never checked (all ended by START + 11 min).
    h().clock.set(at(1));
    const usedLongAgo = await startChallenge(h(), mfaUser.email, mfaUser.password);
    expect((await checkCode(h(), usedLongAgo.mfa_token, await totpAt(h(), secret))).statusCode).toBe(200);
    await startChallenge(h(), mfaUser.email, mfaUser.password);
    await sendPhoneCode();
    // Recent: a challenge passed less than a day before the run.
    h().clock.set(at(DAY - 60));
    const usedRecently = await startChallenge(h(), mfaUser.email, mfaUser.password);
    expect((await checkCode(h(), usedRecently.mfa_token, await totpAt(h(), secret))).statusCode).toBe(200);
    // Live: a challenge and a phone code still waiting for their code.
    h().clock.set(at(RUN_AT));
    const waiting = await startChallenge(h(), mfaUser.email, mfaUser.password);
    const phoneCode = await sendPhoneCode();
    expect(await codesOf(mfaUser.id)).toHaveLength(4);
    expect(await codesOf(phoneUser.id)).toHaveLength(2);

    await housekeeping(h().ctx);

    expect(await codesOf(mfaUser.id)).toEqual([
      { purpose: 'login', token_hash: hashToken(usedRecently.mfa_token), used: true },
      { purpose: 'login', token_hash: hashToken(waiting.mfa_token), used: false },
    ]);
    expect(await codesOf(phoneUser.id)).toEqual([{ purpose: 'phone', token_hash: null, used: false }]);
    h().clock.advance({ minutes: 1 });
    expect((await checkCode(h(), waiting.mfa_token, await totpAt(h(), secret))).statusCode).toBe(200);
    const phoneCheck = await h().request('POST', '/api/user/phone/check-verification-code/', {
      token: phoneCode.access,
      body: { phone: phoneCode.phone, verification_code: phoneCode.code },
    });
    expect(phoneCheck.statusCode, phoneCheck.body).toBe(200);
  });

  it('runs every step when one fails, and shows when each last succeeded', async () => {
    await setRegistrationOpen(h(), true);
    const stale = await signUp(h());
    h().clock.set(at(RUN_AT));
    const broken = {
      name: 'broken',
      housekeeping: () => Promise.reject(new Error('a step that fails')),
    };
    const modules = [broken, ...h().ctx.modules];

    const failed = await housekeeping({ ...h().ctx, modules });

    expect(failed).toEqual(['module:broken']);
    // The steps after the broken one ran: the stale registration is gone.
    expect((await resend(stale.token)).json()).toEqual({
      detail: passwordMessages.linkExpired,
      code: ERROR_CODES.linkExpired,
    });
    const superToken = (await h().login(DEMO.super)).access;
    const status = await h().request('GET', '/api/admin/delivery-status/', { token: superToken });
    expect(status.statusCode, status.body).toBe(200);
    const steps = status.json<DeliveryStatus>().housekeeping;
    const ranAt = at(RUN_AT).toISOString();
    for (const step of ['sessions', 'throttles', 'storage', 'outbox', 'module:registration'])
      expect(
        steps.find((row) => row.step === step),
        step,
      ).toEqual({ step, last_succeeded_at: ranAt, last_failed_at: null, last_failure: null });
    expect(steps.find((row) => row.step === 'module:broken')).toBeUndefined();
  });

  it('stores when a step last failed and the kind of error, never its message', async () => {
    h().clock.set(at(RUN_AT));
    const firmContent = 'Smith v Jones settlement.pdf';
    const failure = Object.assign(new TypeError(`cannot read ${firmContent}`), { code: 'ERR_INVALID_ARG_TYPE' });
    let calls = 0;
    const flaky = {
      name: 'flaky',
      housekeeping: () => (++calls === 1 ? Promise.reject(failure) : Promise.resolve()),
    };
    const modules = [flaky, ...h().ctx.modules];

    expect(await housekeeping({ ...h().ctx, modules })).toEqual(['module:flaky']);
    const failedAt = at(RUN_AT).toISOString();
    const afterFailure = await housekeepingStatus({ ...h().ctx, modules });
    expect(afterFailure.find((row) => row.step === 'module:flaky')).toEqual({
      step: 'module:flaky',
      last_succeeded_at: null,
      last_failed_at: failedAt,
      last_failure: 'TypeError ERR_INVALID_ARG_TYPE',
    });
    expect(JSON.stringify(afterFailure)).not.toContain('Smith');

    // The next run succeeds: both dates show, so the admin sees it recovered.
    h().clock.set(new Date(at(RUN_AT).getTime() + 60 * 60 * 1000));
    expect(await housekeeping({ ...h().ctx, modules })).toEqual([]);
    const recovered = (await housekeepingStatus({ ...h().ctx, modules })).find((row) => row.step === 'module:flaky');
    expect(recovered?.last_failed_at).toBe(failedAt);
    expect(recovered?.last_succeeded_at).toBe(new Date(at(RUN_AT).getTime() + 60 * 60 * 1000).toISOString());
  });
});
