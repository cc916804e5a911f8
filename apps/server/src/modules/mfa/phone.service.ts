import {
  mfaMessages,
  OTP_MAX_CHECKS,
  OTP_TTL_MINUTES,
  phoneMessages,
  SMS_CODES_PER_WINDOW,
  THROTTLE_WINDOW_MINUTES,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { codeMatches, hashCode, maskAddress, newNumericCode } from '../../platform/auth/one-time-codes.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, throttled } from '../../platform/errors/http-error.ts';
import { smsService } from '../../platform/sms/sms.service.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { usersService } from '../users/index.ts';
import { requireCurrentPassword } from './current-password.ts';
import {
  closeCodes,
  findSecurity,
  insertCode,
  latestPhoneCode,
  takeCodeAttempt,
  updateCode,
  upsertSecurity,
} from './mfa.repo.ts';

/** Phone verification by SMS: send a code, check it, then save the number as the verified phone. */
export function phoneService(ctx: AppContext) {
  const ownerOf = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });

  async function state(actor: Actor, detail: string) {
    const account = await usersService(ctx).accountOf(ownerOf(actor));
    const security = await findSecurity(ctx.db, actor.organisationId, actor.userId);
    return { detail, phone: account?.phone ?? '', verified_phone: security?.verified_phone ?? null };
  }

  return {
    /** Texts a 6-digit code (10 minutes) to `phone`; earlier codes stop working; 5 per user in 15 minutes. */
    async send(actor: Actor, phone: string): Promise<{ detail: string; sent_to: string }> {
      const allowed = await throttleService(ctx).hit(
        `sms:user:${actor.userId}`,
        SMS_CODES_PER_WINDOW,
        THROTTLE_WINDOW_MINUTES,
      );
      if (!allowed) throw throttled(mfaMessages.tooManySends);
      const code = newNumericCode();
      const now = ctx.now();
      await inTransaction(ctx, async (tx) => {
        await closeCodes(tx.db, actor.organisationId, actor.userId, 'phone', now.toISOString());
        await insertCode(tx.db, {
          organisation_id: actor.organisationId,
          user_id: actor.userId,
          purpose: 'phone',
          token_hash: null,
          code_hash: hashCode(code),
          target: phone,
          remember: 0,
          attempts: 0,
          sends: 1,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
          verified_at: null,
          used_at: null,
        });
        await smsService(tx).send({
          organisationId: actor.organisationId,
          kind: 'phone_code',
          to: phone,
          text: `Your Lexdesk phone verification code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes.`,
          secrets: [code],
        });
      });
      return { detail: phoneMessages.codeSent, sent_to: maskAddress(phone) };
    },

    /** Marks the newest code for `phone` verified when `code` matches (5 wrong tries end it). */
    async check(actor: Actor, phone: string, code: string) {
      const row = await latestPhoneCode(ctx.db, actor.organisationId, actor.userId);
      if (!row || row.target !== phone || Date.parse(row.expires_at) <= ctx.now().getTime()) {
        throw badRequest(mfaMessages.challengeExpired);
      }
      // The check is counted before the comparison, atomically: parallel guesses cannot share one count.
      const attempt = await takeCodeAttempt(ctx.db, actor.organisationId, row.id, OTP_MAX_CHECKS);
      if (attempt === null) throw badRequest(mfaMessages.tooManyChecks);
      if (!codeMatches(row.code_hash, code.trim())) {
        throw badRequest(mfaMessages.codeInvalid, { verification_code: mfaMessages.codeInvalid });
      }
      await updateCode(ctx.db, actor.organisationId, row.id, { verified_at: nowIso(ctx) });
      return state(actor, phoneMessages.verified);
    },

    /**
     * Saves `phone` as the user's phone and verified phone, once a code for it was verified in the last 10
     * minutes and with the current password (the verified phone receives sign-in codes).
     */
    async update(actor: Actor, phone: string, password: string) {
      await requireCurrentPassword(ctx, actor, password);
      const row = await latestPhoneCode(ctx.db, actor.organisationId, actor.userId);
      const fresh = row?.verified_at && Date.parse(row.expires_at) > ctx.now().getTime();
      if (!row || row.target !== phone || !fresh) throw badRequest(phoneMessages.verifyFirst);
      await inTransaction(ctx, async (tx) => {
        await updateCode(tx.db, actor.organisationId, row.id, { used_at: nowIso(tx) });
        await usersService(tx).setPhone(ownerOf(actor), phone);
        await upsertSecurity(tx.db, actor.organisationId, actor.userId, {
          verified_phone: phone,
          phone_verified_at: nowIso(tx),
          updated_at: nowIso(tx),
        });
        await auditService(tx).record(ownerOf(actor), 'user', actor.userId, 'phone_verified', {
          phone: maskAddress(phone),
        });
      });
      return state(actor, phoneMessages.saved);
    },
  };
}
