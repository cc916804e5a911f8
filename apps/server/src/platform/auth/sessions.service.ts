import { addHours, nowIso, type AppContext } from '../context.ts';
import { deleteEndedSessions, insertSession, revokeSession, revokeUserSessions } from './sessions.repo.ts';
import { hashToken, newToken } from './tokens.ts';

export interface SessionOwner {
  userId: number;
  organisationId: number;
}

/** Sessions: bearer tokens that are random, stored only as hashes, expiring and revocable. */
export function sessionsService(ctx: AppContext) {
  return {
    /** A new session token for the user, valid SESSION_TTL_HOURS (REMEMBER_TTL_DAYS when `remember`). */
    async create(owner: SessionOwner, remember: boolean): Promise<{ token: string; expiresAt: string }> {
      const token = newToken();
      const now = ctx.now();
      const hours = remember ? ctx.config.rememberTtlDays * 24 : ctx.config.sessionTtlHours;
      const expiresAt = addHours(now, hours).toISOString();
      await insertSession(ctx.db, {
        tokenHash: hashToken(token),
        userId: owner.userId,
        organisationId: owner.organisationId,
        createdAt: now.toISOString(),
        expiresAt,
        remember,
      });
      return { token, expiresAt };
    },

    /** The session no longer authenticates anything. */
    async revoke(organisationId: number, sessionId: number): Promise<void> {
      await revokeSession(ctx.db, organisationId, sessionId, nowIso(ctx));
    },

    /** Every session of the user is revoked, except `exceptSessionId` (the caller's own) when given. */
    async revokeAllOf(owner: SessionOwner, exceptSessionId?: number): Promise<number> {
      return revokeUserSessions(ctx.db, owner.organisationId, owner.userId, nowIso(ctx), exceptSessionId);
    },

    /** Removes sessions that ended more than a day ago. */
    async purgeEnded(): Promise<void> {
      await deleteEndedSessions(ctx.db, addHours(ctx.now(), -24).toISOString());
    },
  };
}
