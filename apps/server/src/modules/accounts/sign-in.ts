import {
  ERROR_CODES,
  LOGIN_LOCK_AFTER_FAILURES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  loginMessages,
  mfaMessages,
  THROTTLE_WINDOW_MINUTES,
  type LoginResponse,
  type MfaChallengeResponse,
} from '@lexdesk/contract';
import { setTimeout as delay } from 'node:timers/promises';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { AppContext } from '../../platform/context.ts';
import { throttled, unauthenticated } from '../../platform/errors/http-error.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import {
  ACCOUNT_LOCKED_CODE,
  accountLocked,
  accountLockService,
  isAccountLocked,
  loginAccountThrottleKey,
  knownAddresses,
  loginChallengeService,
} from '../mfa/index.ts';
import { usersService, type Account } from '../users/index.ts';
import { newSessionResponse } from './accounts.service.ts';

/** Second-step checks per address in the throttle window. */
const SECOND_STEP_CHECKS_PER_IP = 30;

/**
 * How long a throttled sign-in from one of the account's known addresses waits before it is answered: the
 * owner gets in, slowly, while a guesser from anywhere else is refused (ASVS 2.2.1: delay, not refuse).
 */
export const KNOWN_ADDRESS_DELAY_MS = 1_000;

/** Failures for an email without an account are kept this long (the lock a real account would have). */
const UNKNOWN_ACCOUNT_LOCK_MINUTES = 24 * 60;

export { ACCOUNT_LOCKED_CODE };

const ownerOf = (account: Account) => ({ userId: account.id, organisationId: account.organisationId });

/** Sign-in with email and password, then (when MFA is on or required) a second step before any session. */
export function signInService(ctx: AppContext) {
  const users = usersService(ctx);
  const throttle = throttleService(ctx);
  const lock = accountLockService(ctx);
  const challenges = loginChallengeService(ctx);
  const addresses = knownAddresses(ctx);

  return {
    /**
     * A session for the right email and password of an active, unlocked user — or, when MFA is on or
     * required for the role, a challenge without a session. Wrong credentials answer 401 without saying which
     * was wrong. One answer whatever the password while the account is locked (403, also for an email
     * without an account after as many failures) or throttled (429: 5 failures for the account from this
     * address, or LOGIN_FAILURES_PER_ADDRESS (20) from this address, in 15 minutes) — except that from an
     * address the user completed a sign-in from before, a throttle only slows the answer down. Every
     * failure counts, throttled or not:
     * for the account at this address, for the address, and towards the lock (10 in a row) that an
     * administrator's unblock or a password reset by email lifts.
     */
    async login(
      ip: string,
      body: { username: string; password: string; remember: boolean },
    ): Promise<LoginResponse | MfaChallengeResponse> {
      const email = body.username.trim().toLowerCase();
      const accountKey = loginAccountThrottleKey(email, ip);
      const ipKey = `login:ip:${ip}`;
      const unknownKey = `login:unknown:${email}`;
      const account = await users.findByEmail(email);
      const passwordMatches = await verifyPassword(account?.passwordHash, body.password);
      // Read once: the lock check here and the second-step decision below use the same row.
      const security = account ? await lock.securityOf(ownerOf(account)) : undefined;

      const countFailure = async () => {
        await throttle.hit(accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT, THROTTLE_WINDOW_MINUTES);
        await throttle.hit(ipKey, ctx.config.loginFailuresPerAddress, THROTTLE_WINDOW_MINUTES);
        if (account) await lock.recordFailure(ownerOf(account));
        else await throttle.hit(unknownKey, LOGIN_LOCK_AFTER_FAILURES, UNKNOWN_ACCOUNT_LOCK_MINUTES);
      };

      const locked = account
        ? isAccountLocked(security)
        : await throttle.isExhausted(unknownKey, LOGIN_LOCK_AFTER_FAILURES, UNKNOWN_ACCOUNT_LOCK_MINUTES);
      if (locked) {
        if (!passwordMatches) await countFailure();
        throw accountLocked();
      }
      const isThrottled =
        (await throttle.isExhausted(accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT, THROTTLE_WINDOW_MINUTES)) ||
        (await throttle.isExhausted(ipKey, ctx.config.loginFailuresPerAddress, THROTTLE_WINDOW_MINUTES));
      if (isThrottled) {
        // Asked whatever the password, so the answer's timing does not depend on it.
        const known = account ? await addresses.isKnown(ownerOf(account), ip) : false;
        if (known) await delay(KNOWN_ADDRESS_DELAY_MS);
        if (!known || !passwordMatches) {
          if (!passwordMatches) await countFailure();
          throw throttled(loginMessages.tooManyAttempts);
        }
      }
      if (!account || !passwordMatches) {
        await countFailure();
        throw unauthenticated(loginMessages.badCredentials, ERROR_CODES.badCredentials);
      }
      if (!account.isActive) throw unauthenticated(loginMessages.accountInactive);
      await throttle.reset(accountKey);
      await lock.clearFailures(ownerOf(account));
      const subject = { ...ownerOf(account), email: account.email, role: account.role };
      const challenge = await challenges.startIfNeeded(subject, body.remember, security);
      if (challenge) return challenge;
      await addresses.remember(ownerOf(account), ip);
      return newSessionResponse(ctx, account, { remember: body.remember, mfaEnabled: false });
    },

    /** The session of a challenge whose code passed (authenticator, SMS or bypass code). */
    async completeSecondStep(ip: string, token: string, code: string): Promise<LoginResponse> {
      if (!(await throttle.hit(`login-step:ip:${ip}`, SECOND_STEP_CHECKS_PER_IP, THROTTLE_WINDOW_MINUTES))) {
        throw throttled(loginMessages.tooManyAttempts);
      }
      const passed = await challenges.verify(token, code);
      const account = await users.accountOf(passed);
      if (!account?.isActive) throw unauthenticated(mfaMessages.challengeExpired);
      await addresses.remember(ownerOf(account), ip);
      return newSessionResponse(ctx, account, { remember: passed.remember, mfaEnabled: true });
    },
  };
}
