import { LOGIN_LOCK_AFTER_FAILURES } from '@lexdesk/contract';
import { auditService } from '../../platform/audit/audit.service.ts';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import type { OrgScope } from '../../platform/access/actor.ts';
import {
  addFailedLogin,
  findLockedUserIds,
  findSecurity,
  lockAccount,
  upsertSecurity,
  type UserSecurityRow,
} from './mfa.repo.ts';

/** The sign-in throttle's per-account key (sign-in counts failures under it; an unlock clears it). */
export function loginAccountThrottleKey(email: string): string {
  return `login:account:${email}`;
}

/** True when failed sign-ins have locked the account whose security row this is. */
export function isAccountLocked(security: UserSecurityRow | undefined): boolean {
  return Boolean(security?.locked_at);
}

/** Account lock: LOGIN_LOCK_AFTER_FAILURES failed sign-ins in a row lock the account until it is unblocked. */
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
        if (failures === LOGIN_LOCK_AFTER_FAILURES) {
          await lockAccount(tx.db, owner.organisationId, owner.userId, nowIso(tx));
          await auditService(tx).record(
            { userId: null, organisationId: owner.organisationId },
            'user',
            owner.userId,
            'login_locked',
            {
              failed_logins: failures,
            },
          );
        }
      });
    },

    /** A successful sign-in forgets the failures in a row. */
    async clearFailures(owner: SessionOwner): Promise<void> {
      await upsertSecurity(ctx.db, owner.organisationId, owner.userId, { failed_logins: 0, updated_at: nowIso(ctx) });
    },

    /** The account is unlocked and its failures (and the sign-in throttle of `email`) forgotten; true when it was locked. */
    async unlock(owner: SessionOwner, email: string): Promise<boolean> {
      const wasLocked = await this.isLocked(owner);
      await throttleService(ctx).reset(loginAccountThrottleKey(email));
      await upsertSecurity(ctx.db, owner.organisationId, owner.userId, {
        failed_logins: 0,
        locked_at: null,
        updated_at: nowIso(ctx),
      });
      return wasLocked;
    },
  };
}
