import {
  accountLockMessages,
  LOGIN_LOCK_AFTER_FAILURES,
  mfaMessages,
  OTP_MAX_CHECKS,
  type LoginResponse,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { checkCode, enrolMfa, startChallenge, totpAt } from './mfa.fixtures.ts';

const LOCKED = { detail: accountLockMessages.locked, code: 'ACCOUNT_LOCKED' };

/** A 6-digit code that is not the authenticator's current one (nor one step either side). */
async function wrongCode(h: Harness, secret: string): Promise<string> {
  const valid = new Set([await totpAt(h, secret, -30), await totpAt(h, secret), await totpAt(h, secret, 30)]);
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

async function attemptsOf(h: Harness, mfaToken: string): Promise<number> {
  const row = await h.database.db
    .selectFrom('verification_codes')
    .select('attempts')
    .where('token_hash', '=', hashToken(mfaToken))
    .executeTakeFirstOrThrow();
  return Number(row.attempts);
}

/** Issue 10, item 9: the second sign-in step cannot be brute-forced, raced or replayed. */
describeEachDatabase('second sign-in step limits', (h) => {
  it('counts every one of parallel wrong codes, and compares no more than OTP_MAX_CHECKS per challenge', async () => {
    const me = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), me.token);
    const wrong = await wrongCode(h(), secret);

    const first = await startChallenge(h(), me.email, me.password);
    const four = await Promise.all(Array.from({ length: 4 }, () => checkCode(h(), first.mfa_token, wrong)));
    expect(four.map((res) => res.statusCode)).toEqual([400, 400, 400, 400]);
    expect(await attemptsOf(h(), first.mfa_token)).toBe(4);

    const second = await startChallenge(h(), me.email, me.password);
    const burst = await Promise.all(Array.from({ length: 5 }, () => checkCode(h(), second.mfa_token, wrong)));
    expect(await attemptsOf(h(), second.mfa_token)).toBe(OTP_MAX_CHECKS);
    expect(burst.filter((res) => res.json().detail === mfaMessages.tooManyChecks).length).toBeGreaterThanOrEqual(1);
    // Spent: even the right code is refused now.
    const right = await checkCode(h(), second.mfa_token, await totpAt(h(), secret));
    expect(right.json().detail).toBe(mfaMessages.tooManyChecks);
  });

  it(`locks the account after ${LOGIN_LOCK_AFTER_FAILURES} wrong codes in a row across challenges, audited`, async () => {
    const me = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), me.token);
    const wrong = await wrongCode(h(), secret);
    let answers: { status: number; detail: string }[] = [];
    // A new challenge costs only the password: it must not buy a new budget.
    for (let round = 0; round < 3; round += 1) {
      const challenge = await startChallenge(h(), me.email, me.password);
      for (let i = 0; i < 4; i += 1) {
        const res = await checkCode(h(), challenge.mfa_token, wrong);
        answers.push({ status: res.statusCode, detail: res.json().detail });
      }
      if (answers.some((a) => a.status === 403)) break;
    }
    answers = answers.slice(0, LOGIN_LOCK_AFTER_FAILURES);
    expect(answers.at(-1)).toEqual({ status: 403, detail: accountLockMessages.locked });
    expect(answers.slice(0, -1).every((a) => a.status === 400)).toBe(true);

    const login = await h().request('POST', '/api/login/', {
      body: { username: me.email, password: me.password },
      ip: h().uniqueIp(),
    });
    expect(login.json()).toEqual(LOCKED);
    const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'user', me.id);
    const actions = history.map((event) => event.action);
    expect(actions.filter((action) => action === 'mfa_check_failed')).toHaveLength(LOGIN_LOCK_AFTER_FAILURES);
    expect(actions).toContain('login_locked');
  });

  it('forgets refused codes after a passed second step', async () => {
    const me = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), me.token);
    const wrong = await wrongCode(h(), secret);
    for (let round = 0; round < 3; round += 1) {
      const challenge = await startChallenge(h(), me.email, me.password);
      for (let i = 0; i < 4; i += 1) await checkCode(h(), challenge.mfa_token, wrong);
      h().clock.advance({ minutes: 1 });
      const res = await checkCode(h(), challenge.mfa_token, await totpAt(h(), secret));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('accepts one authenticator code once, even when sent twice at the same moment', async () => {
    const me = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), me.token);
    h().clock.advance({ minutes: 1 });
    const a = await startChallenge(h(), me.email, me.password);
    const b = await startChallenge(h(), me.email, me.password);
    const code = await totpAt(h(), secret);
    const both = await Promise.all([checkCode(h(), a.mfa_token, code), checkCode(h(), b.mfa_token, code)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const session = both.find((res) => res.statusCode === 200)!.json<LoginResponse>();
    expect(session.access).toBeTruthy();
  });

  it('still lets an admin unblock an account locked by the second step', async () => {
    const me = await h().freshSession('user');
    const { secret } = await enrolMfa(h(), me.token);
    const wrong = await wrongCode(h(), secret);
    for (let round = 0; round < 3; round += 1) {
      const challenge = await startChallenge(h(), me.email, me.password);
      for (let i = 0; i < 4; i += 1) await checkCode(h(), challenge.mfa_token, wrong);
    }
    const { access } = await h().login(DEMO.admin);
    const unblock = await h().request('POST', '/api/user/unblock-login/', { token: access, body: { user_id: me.id } });
    expect(unblock.statusCode, unblock.body).toBe(200);
    h().clock.advance({ minutes: 1 });
    const challenge = await startChallenge(h(), me.email, me.password);
    expect((await checkCode(h(), challenge.mfa_token, await totpAt(h(), secret))).statusCode).toBe(200);
  });
});

describeEachDatabase('phone check limits (user/phone/check-verification-code/)', (h) => {
  it('counts every one of parallel wrong codes', async () => {
    const me = await h().freshSession('user');
    const phone = '+44 7700 900432';
    await h().request('POST', '/api/user/phone/send-verification-code/', { token: me.token, body: { phone } });
    const code = (await h().mailsTo(phone))[0]!.body_text.match(/\d{6}/)![0];
    const wrong = code === '000000' ? '111111' : '000000';
    const check = () =>
      h().request('POST', '/api/user/phone/check-verification-code/', {
        token: me.token,
        body: { phone, verification_code: wrong },
      });
    await Promise.all([check(), check(), check(), check(), check(), check(), check()]);
    const row = await h()
      .database.db.selectFrom('verification_codes')
      .select('attempts')
      .where('user_id', '=', me.id)
      .where('purpose', '=', 'phone')
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(OTP_MAX_CHECKS);
    const right = await h().request('POST', '/api/user/phone/check-verification-code/', {
      token: me.token,
      body: { phone, verification_code: code },
    });
    expect(right.json().detail).toBe(mfaMessages.tooManyChecks);
  });
});
