import {
  LOGIN_LOCK_AFTER_FAILURES,
  mfaMessages,
  OTP_MAX_CHECKS,
  OTP_MAX_RESENDS,
  OTP_TTL_MINUTES,
  SMS_CODES_PER_WINDOW,
  THROTTLE_WINDOW_MINUTES,
  type MfaChallengeResponse,
  type Role,
  type TotpEnrolment,
} from '@lexdesk/contract';
import { codeMatches, hashCode, maskAddress, newNumericCode } from '../../platform/auth/one-time-codes.ts';
import type { SessionOwner } from '../../platform/auth/sessions.service.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, throttled } from '../../platform/errors/http-error.ts';
import { smsService } from '../../platform/sms/sms.service.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { usersService } from '../users/index.ts';
import { accountLocked, accountLockService, isAccountLocked } from './account-lock.ts';
import { mfaFactors } from './mfa-factors.ts';
import {
  findChallenge,
  findSecurity,
  insertCode,
  takeCodeAttempt,
  updateCode,
  upsertSecurity,
  type UserSecurityRow,
  type VerificationCodeRow,
} from './mfa.repo.ts';
import { sealSecret } from './secret-box.ts';
import { newTotpEnrolment } from './totp.ts';

export interface ChallengeSubject extends SessionOwner {
  email: string;
  role: Role;
}

const expired = () => badRequest(mfaMessages.challengeExpired);

/** The second sign-in step: a challenge token instead of a session until a code passes. */
export function loginChallengeService(ctx: AppContext) {
  const factors = mfaFactors(ctx);
  const ownerOf = (row: VerificationCodeRow): SessionOwner => ({
    userId: row.user_id,
    organisationId: row.organisation_id,
  });

  /** The open, unexpired challenge behind `token` with attempts left; else 'Session expired…' / too many. */
  async function liveChallenge(token: string): Promise<VerificationCodeRow> {
    const row = await findChallenge(ctx.db, hashToken(token));
    if (!row || Date.parse(row.expires_at) <= ctx.now().getTime()) throw expired();
    if (row.attempts >= OTP_MAX_CHECKS) throw badRequest(mfaMessages.tooManyChecks);
    return row;
  }

  return {
    /**
     * For the user who passed the password step (`security`: their security row, read by that step): a new
     * challenge (10 minutes, 5 wrong codes) when MFA is on or required for their role, else null.
     */
    async startIfNeeded(
      subject: ChallengeSubject,
      remember: boolean,
      security: UserSecurityRow | undefined,
    ): Promise<MfaChallengeResponse | null> {
      const state = await factors.stateOf(subject, subject.role, security);
      if (!state.enabled && !state.required) return null;
      const token = newToken();
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString();
      await insertCode(ctx.db, {
        organisation_id: subject.organisationId,
        user_id: subject.userId,
        purpose: 'login',
        token_hash: hashToken(token),
        code_hash: null,
        target: '',
        remember: remember ? 1 : 0,
        attempts: 0,
        sends: 0,
        created_at: now.toISOString(),
        expires_at: expiresAt,
        verified_at: null,
        used_at: null,
      });
      return {
        is_mfa_enabled: true,
        mfa_token: token,
        username: subject.email,
        enrolment_required: !state.enabled,
        can_send_sms: state.enabled && Boolean(security?.verified_phone),
        expires_at: expiresAt,
      };
    },

    /** Texts a 6-digit code to the user's verified phone (3 per challenge, 5 per user in 15 minutes). */
    async sendSms(token: string): Promise<{ detail: string; sent_to: string }> {
      const row = await liveChallenge(token);
      const owner = ownerOf(row);
      const security = await findSecurity(ctx.db, owner.organisationId, owner.userId);
      const phone = security?.verified_phone;
      if (!phone || !security?.totp_enabled_at) throw badRequest(mfaMessages.noPhone);
      const userAllowed = await throttleService(ctx).hit(
        `sms:user:${owner.userId}`,
        SMS_CODES_PER_WINDOW,
        THROTTLE_WINDOW_MINUTES,
      );
      if (row.sends >= OTP_MAX_RESENDS || !userAllowed) throw throttled(mfaMessages.tooManySends);
      const code = newNumericCode();
      await inTransaction(ctx, async (tx) => {
        await updateCode(tx.db, owner.organisationId, row.id, {
          code_hash: hashCode(code),
          target: phone,
          sends: row.sends + 1,
        });
        await smsService(tx).send({
          organisationId: owner.organisationId,
          kind: 'sign_in_code',
          to: phone,
          text: `Your Lexdesk sign-in code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes. Never share it.`,
          secrets: [code],
        });
      });
      return { detail: mfaMessages.codeSent, sent_to: maskAddress(phone) };
    },

    /** When the organisation requires MFA and the user has none yet: a new authenticator secret to set up. */
    async enrol(token: string): Promise<TotpEnrolment> {
      const row = await liveChallenge(token);
      const owner = ownerOf(row);
      const security = await findSecurity(ctx.db, owner.organisationId, owner.userId);
      if (security?.totp_enabled_at) throw badRequest(mfaMessages.alreadyEnabled);
      const account = await usersService(ctx).accountOf(owner);
      const enrolment = await newTotpEnrolment(account?.email ?? '');
      await upsertSecurity(ctx.db, owner.organisationId, owner.userId, {
        totp_pending_secret: sealSecret(ctx.config, enrolment.secret),
        updated_at: nowIso(ctx),
      });
      return enrolment;
    },

    /**
     * The challenge's owner, once: an authenticator code (or the pending one, which turns MFA on), an SMS code
     * or a bypass code. Each check takes one of the challenge's OTP_MAX_CHECKS attempts before the code is
     * compared (atomically, so parallel guesses cannot share one); a refused code also counts against the
     * user across challenges and is audited, and LOGIN_LOCK_AFTER_FAILURES refused codes in a row lock the
     * account. A locked account gets 403 whatever the code.
     */
    async verify(token: string, code: string): Promise<SessionOwner & { remember: boolean }> {
      const row = await liveChallenge(token);
      const owner = ownerOf(row);
      const security = await findSecurity(ctx.db, owner.organisationId, owner.userId);
      if (isAccountLocked(security)) throw accountLocked();
      const attempt = await takeCodeAttempt(ctx.db, owner.organisationId, row.id, OTP_MAX_CHECKS);
      if (attempt === null) {
        await liveChallenge(token); // used meanwhile: 'Session expired…'
        throw badRequest(mfaMessages.tooManyChecks);
      }
      const enabled = Boolean(security?.totp_enabled_at);
      let method: string | null = null;
      if (enabled && (await factors.acceptTotp(owner, security, code))) method = 'authenticator';
      else if (!enabled && security?.totp_pending_secret && (await factors.acceptTotp(owner, security, code, true)))
        method = 'enrolled';
      else if (row.code_hash && codeMatches(row.code_hash, code.trim())) method = 'sms';
      else if (enabled && (await factors.acceptBypassCode(owner, code))) method = 'bypass_code';
      if (!method) {
        const failures = await accountLockService(ctx).recordSecondStepFailure(owner, attempt);
        if (failures >= LOGIN_LOCK_AFTER_FAILURES) throw accountLocked();
        throw badRequest(attempt >= OTP_MAX_CHECKS ? mfaMessages.tooManyChecks : mfaMessages.codeInvalid);
      }
      await inTransaction(ctx, async (tx) => {
        if (!(await updateCode(tx.db, owner.organisationId, row.id, { used_at: nowIso(tx), verified_at: nowIso(tx) })))
          throw expired();
        if (method === 'enrolled') {
          await upsertSecurity(tx.db, owner.organisationId, owner.userId, {
            totp_secret: security?.totp_pending_secret ?? null,
            totp_pending_secret: null,
            totp_enabled_at: nowIso(tx),
            updated_at: nowIso(tx),
          });
          await auditService(tx).record(
            { userId: owner.userId, organisationId: owner.organisationId },
            'user',
            owner.userId,
            'mfa_enabled',
          );
        }
        if (method === 'bypass_code') {
          await auditService(tx).record(
            { userId: owner.userId, organisationId: owner.organisationId },
            'user',
            owner.userId,
            'mfa_bypass_code_used',
          );
        }
      });
      await accountLockService(ctx).clearSecondStepFailures(owner);
      return { ...owner, remember: row.remember === 1 };
    },
  };
}
