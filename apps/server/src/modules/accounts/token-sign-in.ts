import { TOKEN_SIGN_IN_CODE_TTL_MINUTES, sessionMessages, type LoginResponse } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { unauthenticated } from '../../platform/errors/http-error.ts';
import { usersService } from '../users/index.ts';
import { newSessionResponse } from './accounts.service.ts';
import {
  deleteExpiredSignInCodes,
  findUsableSignInCode,
  insertSignInCode,
  useSignInCode,
} from './sign-in-codes.repo.ts';

/** The active account behind an unused, unexpired code; else the 401 every failed token sign-in gives. */
async function accountOfCode(ctx: AppContext, code: string) {
  const row = await findUsableSignInCode(ctx.db, hashToken(code), nowIso(ctx));
  const account = row ? await usersService(ctx).accountOf(row) : null;
  if (!row || !account?.isActive) throw unauthenticated(sessionMessages.sessionExpired);
  return { row, account };
}

/**
 * Token sign-in without a session token in any URL: a signed-in user gets a one-time code of a few minutes;
 * another tab or application shows who it signs in as, then exchanges the code by POST for a session of its
 * own. A code is used once, so a link that leaks (history, logs, a Referer) is worth nothing afterwards.
 */
export function tokenSignInService(ctx: AppContext) {
  return {
    /** A one-time code for the actor, valid TOKEN_SIGN_IN_CODE_TTL_MINUTES. */
    async issueCode(actor: Actor): Promise<{ code: string; expires_at: string }> {
      const code = newToken();
      const expiresAt = new Date(ctx.now().getTime() + TOKEN_SIGN_IN_CODE_TTL_MINUTES * 60_000).toISOString();
      await insertSignInCode(ctx.db, {
        codeHash: hashToken(code),
        userId: actor.userId,
        organisationId: actor.organisationId,
        createdAt: nowIso(ctx),
        expiresAt,
      });
      return { code, expires_at: expiresAt };
    },

    /** Whom a code signs in as, without using it up (the page asks before it signs anyone in). */
    async check(code: string): Promise<{ username: string }> {
      return { username: (await accountOfCode(ctx, code)).account.email };
    },

    /** Uses the code up and answers a new session of its user (401 when used, expired or unknown). */
    async exchange(code: string): Promise<LoginResponse> {
      return inTransaction(ctx, async (tx) => {
        const { row, account } = await accountOfCode(tx, code);
        if (!(await useSignInCode(tx.db, row.organisationId, row.id, nowIso(tx))))
          throw unauthenticated(sessionMessages.sessionExpired);
        return newSessionResponse(tx, account, { remember: false, mfaEnabled: false });
      });
    },

    /** Forgets codes that expired a day ago or more. */
    async purgeExpired(): Promise<void> {
      await deleteExpiredSignInCodes(ctx.db, new Date(ctx.now().getTime() - 24 * 3_600_000).toISOString());
    },
  };
}
