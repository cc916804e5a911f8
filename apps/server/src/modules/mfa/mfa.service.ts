import {
  BYPASS_CODE_COUNT,
  can,
  mfaMessages,
  type BypassCodesResponse,
  type MfaMonitoringResponse,
  type MfaToggleResponse,
} from '@lexdesk/contract';
import { randomInt } from 'node:crypto';
import { ALL_ORGANISATIONS, type Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { hashCode } from '../../platform/auth/one-time-codes.ts';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { addHours, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { usersService } from '../users/index.ts';
import { BYPASS_ALPHABET, mfaFactors } from './mfa-factors.ts';
import { requireCurrentPassword } from './current-password.ts';
import { deleteSpentCodes, findSecurity, replaceBypassCodes, unusedBypassCodes, upsertSecurity } from './mfa.repo.ts';
import { sealSecret } from './secret-box.ts';
import { newTotpEnrolment } from './totp.ts';

function newBypassCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += BYPASS_ALPHABET[randomInt(BYPASS_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const ownerOf = (actor: Actor): SessionOwner => ({ userId: actor.userId, organisationId: actor.organisationId });

/** The signed-in user's own multi-factor sign-in: state, set-up, bypass codes, turning it off. */
export function mfaService(ctx: AppContext) {
  const factors = mfaFactors(ctx);

  const requirePassword = (actor: Actor, password: string | undefined) => requireCurrentPassword(ctx, actor, password);

  /** New bypass codes (earlier ones stop working): only their hashes are kept; the plain codes are answered once. */
  async function issueBypassCodes(tx: AppContext, owner: SessionOwner): Promise<string[]> {
    const codes = Array.from({ length: BYPASS_CODE_COUNT }, newBypassCode);
    const hashes = codes.map((code) => hashCode(code.replace('-', '')));
    await replaceBypassCodes(tx.db, owner.organisationId, owner.userId, hashes, nowIso(tx));
    return codes;
  }

  return {
    /** Housekeeping: removes sign-in and phone codes used or expired more than a day ago (none can still pass). */
    async purgeSpentCodes(): Promise<void> {
      await deleteSpentCodes(ctx.db, ALL_ORGANISATIONS, addHours(ctx.now(), -24).toISOString());
    },

    /** The actor's MFA state (never the secret). */
    async monitoring(actor: Actor): Promise<MfaMonitoringResponse> {
      const owner = ownerOf(actor);
      const security = await findSecurity(ctx.db, owner.organisationId, owner.userId);
      const state = await factors.stateOf(owner, actor.role, security);
      const account = await usersService(ctx).accountOf(owner);
      return {
        is_mfa_enabled: state.enabled,
        is_mfa_required: state.required,
        enrolled_at: state.enrolledAt,
        bypass_codes_left: state.enabled
          ? (await unusedBypassCodes(ctx.db, owner.organisationId, owner.userId)).length
          : 0,
        phone: account?.phone ?? '',
        verified_phone: security?.verified_phone ?? null,
      };
    },

    /**
     * {enable:true}: a new pending secret (QR code) to scan; {enable:true, verification_code}: MFA on once the
     * code matches, with 10 bypass codes answered once; {enable:false, password}: MFA off (not while the
     * organisation requires it). An admin may turn off MFA of a user of their organisation (user_id).
     */
    async toggle(
      actor: Actor,
      body: {
        enable: boolean;
        verification_code?: string | undefined;
        password?: string | undefined;
        user_id?: number | undefined;
      },
    ): Promise<MfaToggleResponse> {
      if (body.user_id !== undefined && body.user_id !== actor.userId)
        return this.resetFor(actor, body.user_id, body.enable);
      const owner = ownerOf(actor);
      const security = await findSecurity(ctx.db, owner.organisationId, owner.userId);
      const state = await factors.stateOf(owner, actor.role, security);
      if (body.enable) {
        if (state.enabled) throw badRequest(mfaMessages.alreadyEnabled);
        if (!body.verification_code) {
          // A session alone must not add a factor (a stolen session would then own the account's sign-in).
          const account = await requirePassword(actor, body.password);
          const enrolment = await newTotpEnrolment(account?.email ?? '');
          await upsertSecurity(ctx.db, owner.organisationId, owner.userId, {
            totp_pending_secret: sealSecret(ctx.config, enrolment.secret),
            updated_at: nowIso(ctx),
          });
          return { detail: mfaMessages.enrolmentRequired, is_mfa_enabled: false, enrolment };
        }
        if (!security?.totp_pending_secret) throw badRequest(mfaMessages.startAgain);
        if (!(await factors.acceptTotp(owner, security, body.verification_code, true))) {
          throw badRequest(mfaMessages.codeInvalid, { verification_code: mfaMessages.codeInvalid });
        }
        const codes = await inTransaction(ctx, async (tx) => {
          await upsertSecurity(tx.db, owner.organisationId, owner.userId, {
            totp_secret: security.totp_pending_secret,
            totp_pending_secret: null,
            totp_enabled_at: nowIso(tx),
            updated_at: nowIso(tx),
          });
          await auditService(tx).record(owner, 'user', owner.userId, 'mfa_enabled');
          return issueBypassCodes(tx, owner);
        });
        return { detail: mfaMessages.enabled, is_mfa_enabled: true, bypass_codes: codes };
      }
      if (!state.enabled) throw badRequest(mfaMessages.notEnabled);
      if (state.required) throw badRequest(mfaMessages.requiredByOrganisation);
      await requirePassword(actor, body.password);
      await inTransaction(ctx, async (tx) => {
        await upsertSecurity(tx.db, owner.organisationId, owner.userId, {
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled_at: null,
          updated_at: nowIso(tx),
        });
        await replaceBypassCodes(tx.db, owner.organisationId, owner.userId, [], nowIso(tx));
        await auditService(tx).record(owner, 'user', owner.userId, 'mfa_disabled');
      });
      return { detail: mfaMessages.disabled, is_mfa_enabled: false };
    },

    /** An admin (own organisation) or super turns off another user's MFA, e.g. after a lost phone; audited. */
    async resetFor(actor: Actor, userId: number, enable: boolean): Promise<MfaToggleResponse> {
      if (!can(actor, 'users.login.unblock')) throw forbidden();
      const target = await usersService(ctx).findVisible(actor, userId);
      if (target.role === 'super' && !can(actor, 'organisations.super_users.manage')) throw notFound();
      if (enable) throw badRequest(mfaMessages.startAgain);
      const owner = { userId: target.id, organisationId: target.organisationId };
      await inTransaction(ctx, async (tx) => {
        await upsertSecurity(tx.db, owner.organisationId, owner.userId, {
          totp_secret: null,
          totp_pending_secret: null,
          totp_enabled_at: null,
          updated_at: nowIso(tx),
        });
        await replaceBypassCodes(tx.db, owner.organisationId, owner.userId, [], nowIso(tx));
        await auditService(tx).record(
          { userId: actor.userId, organisationId: owner.organisationId },
          'user',
          owner.userId,
          'mfa_reset',
        );
      });
      return { detail: mfaMessages.disabled, is_mfa_enabled: false };
    },

    /** New bypass codes after the password; earlier codes stop working. */
    async generateBypassCodes(actor: Actor, password: string): Promise<BypassCodesResponse> {
      const owner = ownerOf(actor);
      const security = await findSecurity(ctx.db, owner.organisationId, owner.userId);
      if (!(await factors.stateOf(owner, actor.role, security)).enabled) throw badRequest(mfaMessages.notEnabled);
      await requirePassword(actor, password);
      const codes = await inTransaction(ctx, async (tx) => {
        await auditService(tx).record(owner, 'user', owner.userId, 'mfa_bypass_codes_generated');
        return issueBypassCodes(tx, owner);
      });
      return { detail: mfaMessages.bypassGenerated, bypass_codes: codes };
    },
  };
}
