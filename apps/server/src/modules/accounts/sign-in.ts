import {
  accountLockMessages,
  ERROR_CODES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  loginMessages,
  mfaMessages,
  THROTTLE_WINDOW_MINUTES,
  type LoginResponse,
  type MfaChallengeResponse,
} from '@lexdesk/contract';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { sessionsService } from '../../platform/auth/sessions.service.ts';
import type { AppContext } from '../../platform/context.ts';
import { HttpError, notFound, throttled, unauthenticated } from '../../platform/errors/http-error.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { accountLockService, isAccountLocked, loginAccountThrottleKey } from '../mfa/account-lock.ts';
import { loginChallengeService } from '../mfa/login-challenge.service.ts';
import { organisationsService } from '../organisations/organisations.service.ts';
import { usersService, type Account } from '../users/users.service.ts';
import { loginResponseOf } from './accounts.service.ts';

/** Second-step checks per address in the throttle window. */
const SECOND_STEP_CHECKS_PER_IP = 30;

export const ACCOUNT_LOCKED_CODE = 'ACCOUNT_LOCKED';

const ownerOf = (account: Account) => ({ userId: account.id, organisationId: account.organisationId });

/** Sign-in with email and password, then (when MFA is on or required) a second step before any session. */
export function signInService(ctx: AppContext) {
  const users = usersService(ctx);
  const throttle = throttleService(ctx);
  const lock = accountLockService(ctx);
  const challenges = loginChallengeService(ctx);

  async function sessionFor(account: Account, remember: boolean, mfaEnabled: boolean): Promise<LoginResponse> {
    const organisation = await organisationsService(ctx).summaryOf(account.organisationId);
    if (!organisation) throw notFound();
    const { token } = await sessionsService(ctx).create(ownerOf(account), remember);
    return loginResponseOf(token, account, organisation, ctx.now(), mfaEnabled);
  }

  return {
    /**
     * A session for the right email and password of an active, unlocked user — or, when MFA is on or
     * required for the role, a challenge without a session. Wrong credentials answer 401 without saying which
     * was wrong; 5 failures per account or 20 per address in 15 minutes answer 429; 10 failures in a row lock
     * the account (403 once the right password is given) until an administrator unblocks it.
     */
    async login(
      ip: string,
      body: { username: string; password: string; remember: boolean },
    ): Promise<LoginResponse | MfaChallengeResponse> {
      const accountKey = loginAccountThrottleKey(body.username);
      const ipKey = `login:ip:${ip}`;
      if (await throttle.isExhausted(ipKey, LOGIN_MAX_FAILURES_PER_IP, THROTTLE_WINDOW_MINUTES)) {
        throw throttled(loginMessages.tooManyAttempts);
      }
      const account = await users.findByEmail(body.username);
      const passwordMatches = await verifyPassword(account?.passwordHash, body.password);
      // Read once: the lock check here and the second-step decision below use the same row.
      const security = account && passwordMatches ? await lock.securityOf(ownerOf(account)) : undefined;
      // Only someone with the right password learns that the account is locked.
      if (isAccountLocked(security)) {
        throw new HttpError(403, ACCOUNT_LOCKED_CODE, accountLockMessages.locked);
      }
      if (await throttle.isExhausted(accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT, THROTTLE_WINDOW_MINUTES)) {
        // Guesses made while throttled still count towards the lock.
        if (account && !passwordMatches) await lock.recordFailure(ownerOf(account));
        throw throttled(loginMessages.tooManyAttempts);
      }
      if (!account || !passwordMatches) {
        await throttle.hit(accountKey, LOGIN_MAX_FAILURES_PER_ACCOUNT, THROTTLE_WINDOW_MINUTES);
        await throttle.hit(ipKey, LOGIN_MAX_FAILURES_PER_IP, THROTTLE_WINDOW_MINUTES);
        if (account) await lock.recordFailure(ownerOf(account));
        throw unauthenticated(loginMessages.badCredentials, ERROR_CODES.badCredentials);
      }
      if (!account.isActive) throw unauthenticated(loginMessages.accountInactive);
      await throttle.reset(accountKey);
      await lock.clearFailures(ownerOf(account));
      const subject = { ...ownerOf(account), email: account.email, role: account.role };
      return (
        (await challenges.startIfNeeded(subject, body.remember, security)) ?? sessionFor(account, body.remember, false)
      );
    },

    /** The session of a challenge whose code passed (authenticator, SMS or bypass code). */
    async completeSecondStep(ip: string, token: string, code: string): Promise<LoginResponse> {
      if (!(await throttle.hit(`login-step:ip:${ip}`, SECOND_STEP_CHECKS_PER_IP, THROTTLE_WINDOW_MINUTES))) {
        throw throttled(loginMessages.tooManyAttempts);
      }
      const passed = await challenges.verify(token, code);
      const account = await users.accountOf(passed);
      if (!account?.isActive) throw unauthenticated(mfaMessages.challengeExpired);
      if (passed.locked) throw new HttpError(403, ACCOUNT_LOCKED_CODE, accountLockMessages.locked);
      return sessionFor(account, passed.remember, true);
    },
  };
}
