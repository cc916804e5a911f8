import { type Role } from '@lexdesk/contract';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { codeMatches } from '../../platform/auth/one-time-codes.ts';
import { nowIso, type AppContext } from '../../platform/context.ts';
import { claimTotpStep, requiredRoles, unusedBypassCodes, useBypassCode, type UserSecurityRow } from './mfa.repo.ts';
import { openSecret } from './secret-box.ts';
import { totpStep } from './totp.ts';

/** Bypass codes as shown: 10 characters in two groups, from an alphabet without look-alikes. */
export const BYPASS_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function normaliseBypassCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export interface MfaState {
  enabled: boolean;
  /** The organisation requires MFA for the user's role. */
  required: boolean;
  enrolledAt: string | null;
}

/**
 * The factors of one user: state, and checking an authenticator or bypass code. `security` is the user's
 * security row as the caller read it (findSecurity), once per request.
 */
export function mfaFactors(ctx: AppContext) {
  return {
    async stateOf(owner: SessionOwner, role: Role, security: UserSecurityRow | undefined): Promise<MfaState> {
      const roles = await requiredRoles(ctx.db, owner.organisationId);
      return {
        enabled: Boolean(security?.totp_enabled_at && security.totp_secret),
        required: roles.includes(role),
        enrolledAt: security?.totp_enabled_at ?? null,
      };
    },

    /**
     * True when `code` is a current authenticator code of the enabled (or, with `pending`, the pending)
     * secret and newer than the last one accepted; the step is remembered so the code works once.
     */
    async acceptTotp(
      owner: SessionOwner,
      security: UserSecurityRow | undefined,
      code: string,
      pending = false,
    ): Promise<boolean> {
      const secret = openSecret(
        ctx.config,
        pending ? (security?.totp_pending_secret ?? null) : (security?.totp_secret ?? null),
      );
      if (!secret) return false;
      const step = await totpStep(secret, code.replace(/\s/g, ''), ctx.now());
      if (step === null) return false;
      // Claimed in the database, not compared with `security` as read: two requests with one code race.
      return claimTotpStep(ctx.db, owner.organisationId, owner.userId, step, nowIso(ctx));
    },

    /** True when `code` is one of the user's unused bypass codes; it is used up. */
    async acceptBypassCode(owner: SessionOwner, code: string): Promise<boolean> {
      const plain = normaliseBypassCode(code);
      if (plain.length !== 10) return false;
      for (const row of await unusedBypassCodes(ctx.db, owner.organisationId, owner.userId)) {
        if (codeMatches(row.code_hash, plain)) return useBypassCode(ctx.db, owner.organisationId, row.id, nowIso(ctx));
      }
      return false;
    },
  };
}
