import { OTP_MAX_CHECKS, registrationMessages, type SignUpResponse } from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { latestCodeTo, setRegistrationOpen, uniquePhone } from './registration.fixtures.ts';

/** Issue 10, item 9: registration OTP checks are counted atomically, so parallel guesses get no extra tries. */
describeEachDatabase('registration OTP checks under parallel requests', (h) => {
  beforeAll(async () => setRegistrationOpen(h(), true));

  it(`counts every one of parallel wrong OTPs, and compares no more than ${OTP_MAX_CHECKS}`, async () => {
    const phone = uniquePhone();
    const started = await h().request('POST', '/api/sign-up/', {
      body: {
        name: 'Parallel Chambers',
        email: h().uniqueEmail('founder'),
        phone,
        plan_name: 'Associate',
        duration: 12,
        user_limit: 5,
        terms: true,
      },
      ip: h().uniqueIp(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const { token } = started.json<SignUpResponse>();
    const right = await latestCodeTo(h(), phone);
    const wrong = right === '123456' ? '654321' : '123456';
    const check = (code: string) =>
      h().request('POST', '/api/user/register/check-verification-code/', {
        body: { token, verification_code: code },
        ip: h().uniqueIp(),
      });
    const checksOf = async () =>
      Number(
        (
          await h()
            .database.db.selectFrom('registrations')
            .select('failed_checks')
            .where('token_hash', '=', hashToken(token))
            .executeTakeFirstOrThrow()
        ).failed_checks,
      );

    await Promise.all([check(wrong), check(wrong), check(wrong)]);
    expect(await checksOf()).toBe(3);
    await Promise.all([check(wrong), check(wrong), check(wrong), check(wrong)]);
    expect(await checksOf()).toBe(OTP_MAX_CHECKS);
    expect((await check(right)).json().detail).toBe(registrationMessages.otpTooManyChecks);
  });
});
