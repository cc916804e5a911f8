import { accountLockMessages, LOGIN_LOCK_AFTER_FAILURES } from '@lexdesk/contract';
import { auditService } from '../../platform/audit/audit.service.ts';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors/http-error.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import type { OrgScope } from '../../platform/access/actor.ts';
import {
  addFailedLogin,
  addSecondStepFailure,
  findLockedUserIds,
  findSecurity,
  lockAccount,
  upsertSecurity,
  type UserSecurityRow,
} from './mfa.repo.ts';

export const ACCOUNT_LOCKED_CODE = 'ACCOUNT_LOCKED';

/** 403 ACCOUNT_LOCKED: the one answer of a locked account, whatever the password or code given. */
export function accountLocked(): HttpError {
  return new HttpError(403, ACCOUNT_LOCKED_CODE, accountLockMessages.locked);
}

/** The prefix of an account's sign-in throttle keys, one per address (an unlock clears them all). */
function loginAccountThrottlePrefix(email: string): string {
  return `login:account:${email.trim().toLowerCase()}|`;
}

/** The sign-in throttle's key for one account at one address: failures elsewhere do not throttle the owner. */
export function loginAccountThrottleKey(email: string, ip: string): string {
  return `${loginAccountThrottlePrefix(email)}ip:${ip}`;
}

/** True when failed sign-ins have locked the account whose security row this is. */
export function isAccountLocked(security: UserSecurityRow | undefined): boolean {
  return Boolean(security?.locked_at);
}

async function lock(tx: AppContext, owner: SessionOwner, payload: Record<string, number>): Promise<void> {
  await lockAccount(tx.db, owner.organisationId, owner.userId, nowIso(tx));
  await auditService(tx).record(
    { userId: null, organisationId: owner.organisationId },
    'user',
    owner.userId,
    'login_locked',
    payload,
  );
}

/**
 * Account lock: LOGIN_LOCK_AFTER_FAILURES failed sign-ins in a row, or as many refused second-step codes in
 * a row, lock the account until an administrator unblocks it or the owner resets the password by email.
 */
export function accountLockService(ctx: AppContext) {
  return {
    /** The account's security row (lock and factors): a sign-in step reads it once and passes it along. */
    async securityOf(owner: SessionOwner): Promise<UserSecurityRow | undefined> {
      return findSecurity(ctx.db, owner.organisationId, owner.userId);
    },

    async isLocked(owner: SessionOwner): Promise<boolean> {
      return isAccountLocked(await this.securityOf(owner));
    },

    /** The ids among `userIds` (in `scope`) whose accounts are locked now. */
    async lockedAmong(scope: OrgScope, userIds: readonly number[]): Promise<Set<number>> {
      return new Set(await findLockedUserIds(ctx.db, scope, userIds));
    },

    /** Counts a failed sign-in; the one that reaches the limit locks the account (audited). */
    async recordFailure(owner: SessionOwner): Promise<void> {
      await inTransaction(ctx, async (tx) => {
        const failures = await addFailedLogin(tx.db, owner.organisationId, owner.userId, nowIso(tx));
        if (failures === LOGIN_LOCK_AFTER_FAILURES) await lock(tx, owner, { failed_logins: failures });
      });
    },

    /**
     * Counts a refused second-step code (atomically, across challenges: a new challenge does not reset it)
     * and audits it; the one that reaches LOGIN_LOCK_AFTER_FAILURES in a row locks the account. Answers the count.
     */
    async recordSecondStepFailure(owner: SessionOwner, challengeAttempts: number): Promise<number> {
      return inTransaction(ctx, async (tx) => {
        const failures = await addSecondStepFailure(tx.db, owner.organisationId, owner.userId, nowIso(tx));
        await auditService(tx).record(
          { userId: null, organisationId: owner.organisationId },
          'user',
          owner.userId,
          'mfa_check_failed',
          { second_step_failures: failures, challenge_attempts: challengeAttempts },
        );
        if (failures === LOGIN_LOCK_AFTER_FAILURES) await lock(tx, owner, { second_step_failures: failures });
        return failures;
      });
    },

    /** A passed second step forgets the refused codes in a row. */
    async clearSecondStepFailures(owner: SessionOwner): Promise<void> {
      await upsertSecurity(ctx.db, owner.organisationId, owner.userId, {
        second_step_failures: 0,
        updated_at: nowIso(ctx),
      });
    },

    /** A successful sign-in forgets the failures in a row. */
    async clearFailures(owner: SessionOwner): Promise<void> {
      await upsertSecurity(ctx.db, owner.organisationId, owner.userId, { failed_logins: 0, updated_at: nowIso(ctx) });
    },

    /** The account is unlocked and its failures (and the sign-in throttle of `email`) forgotten; true when it was locked. */
    async unlock(owner: SessionOwner, email: string): Promise<boolean> {
      const wasLocked = await this.isLocked(owner);
      await throttleService(ctx).resetPrefix(loginAccountThrottlePrefix(email));
      await upsertSecurity(ctx.db, owner.organisationId, owner.userId, {
        failed_logins: 0,
        second_step_failures: 0,
        locked_at: null,
        updated_at: nowIso(ctx),
      });
      return wasLocked;
    },
  };
}
