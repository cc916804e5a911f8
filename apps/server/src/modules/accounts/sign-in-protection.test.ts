import {
  accountLockMessages,
  ERROR_CODES,
  FORGOT_PASSWORD_MAX_PER_WINDOW,
  LOGIN_LOCK_AFTER_FAILURES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  loginMessages,
} from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, describeEachDatabase } from '../../../test/harness.ts';
import { KNOWN_ADDRESS_DELAY_MS } from './sign-in.ts';

const WRONG = 'Wrong#Pass2026';
const LOCKED = { detail: accountLockMessages.locked, code: 'ACCOUNT_LOCKED' };
const THROTTLED = { detail: loginMessages.tooManyAttempts, code: ERROR_CODES.throttled };

/** Issue 10, items 1 and 10: no password oracle on a locked or throttled account, and no lock-out from elsewhere. */
describeEachDatabase('sign-in protection (POST /api/login/)', (h) => {
  const login = (username: string, password: string, ip: string) =>
    h().request('POST', '/api/login/', { body: { username, password }, ip });
  const answer = async (username: string, password: string, ip: string) => {
    const res = await login(username, password, ip);
    return { status: res.statusCode, body: res.json() };
  };

  it('gives a locked account one answer whatever the password, and an email without an account the same', async () => {
    const victim = await h().createUser({});
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i += 1) await login(victim.email, WRONG, h().uniqueIp());
    const right = await answer(victim.email, victim.password, h().uniqueIp());
    const wrong = await answer(victim.email, WRONG, h().uniqueIp());
    expect(right).toEqual({ status: 403, body: LOCKED });
    expect(wrong).toEqual(right);

    const ghost = h().uniqueEmail('ghost');
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i += 1) await login(ghost, WRONG, h().uniqueIp());
    expect(await answer(ghost, WRONG, h().uniqueIp())).toEqual(right);
  });

  it('gives a throttled account one answer whatever the password', async () => {
    const victim = await h().createUser({});
    const ip = h().uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) {
      expect((await login(victim.email, WRONG, ip)).statusCode).toBe(401);
    }
    const right = await answer(victim.email, victim.password, ip);
    expect(right).toEqual({ status: 429, body: THROTTLED });
    expect(await answer(victim.email, WRONG, ip)).toEqual(right);
  });

  it('counts failures made while throttled against the address too', async () => {
    const victim = await h().createUser({});
    const ip = h().uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i += 1) await login(victim.email, WRONG, ip);
    // Only 5 of these 20 were answered 401; all 20 count for the address, so another account is refused there.
    expect(await answer(DEMO.user, DEMO_PASSWORD, ip)).toEqual({ status: 429, body: THROTTLED });
    expect((await login(DEMO.user, DEMO_PASSWORD, h().uniqueIp())).statusCode).toBe(200);
  });

  it('does not let failures from another address refuse the owner', async () => {
    const victim = await h().createUser({});
    const attacker = h().uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT + 2; i += 1) await login(victim.email, WRONG, attacker);
    expect((await login(victim.email, victim.password, attacker)).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, h().uniqueIp())).statusCode).toBe(200);
  });

  it('slows the right password down, instead of refusing it, at an address the owner signed in from before', async () => {
    const victim = await h().createUser({});
    const office = h().uniqueIp();
    expect((await login(victim.email, victim.password, office)).statusCode).toBe(200);
    // Someone behind the same office address guesses until the account is throttled there.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) await login(victim.email, WRONG, office);
    expect(await answer(victim.email, WRONG, office)).toEqual({ status: 429, body: THROTTLED });
    const started = performance.now();
    const owner = await login(victim.email, victim.password, office);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(KNOWN_ADDRESS_DELAY_MS - 50);
    // Another address the owner never used is refused as before.
    const cafe = h().uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i += 1) await login(victim.email, WRONG, cafe);
    expect((await login(victim.email, victim.password, cafe)).statusCode).toBe(429);
  });

  it('keeps counting towards the lock from every address, and an admin unblock lets the owner in again', async () => {
    const victim = await h().createUser({});
    for (let i = 0; i < LOGIN_LOCK_AFTER_FAILURES; i += 1) {
      expect((await login(victim.email, WRONG, h().uniqueIp())).statusCode).toBe(401);
    }
    expect((await answer(victim.email, victim.password, h().uniqueIp())).body).toEqual(LOCKED);
    const { access } = await h().login(DEMO.admin);
    const unblock = await h().request('POST', '/api/user/unblock-login/', {
      token: access,
      body: { user_id: victim.id },
    });
    expect(unblock.statusCode, unblock.body).toBe(200);
    expect((await login(victim.email, victim.password, h().uniqueIp())).statusCode).toBe(200);
  });
});

describeEachDatabase('forgot-password throttle (POST /api/forgotpassword/)', (h) => {
  const forgot = (username: string, ip: string) =>
    h().request('POST', '/api/forgotpassword/', { body: { username }, ip });

  it('does not let requests from another address use up the owner’s quota', async () => {
    const victim = await h().createUser({});
    const attacker = h().uniqueIp();
    for (let i = 0; i < FORGOT_PASSWORD_MAX_PER_WINDOW; i += 1) {
      expect((await forgot(victim.email, attacker)).statusCode).toBe(200);
    }
    expect((await forgot(victim.email, attacker)).statusCode).toBe(429);
    expect((await forgot(victim.email, h().uniqueIp())).statusCode).toBe(200);
  });
});
