import {
  OTP_MAX_CHECKS,
  OTP_MAX_RESENDS,
  OTP_TTL_MINUTES,
  REGISTRATION_MAX_PER_IP,
  registrationMessages,
  THROTTLE_WINDOW_MINUTES,
  type PlanName,
  type RegisterCheckResponse,
  type RegisterResendResponse,
  type SignUpResponse,
} from '@lexdesk/contract';
import { auditService } from '../../platform/audit/audit.service.ts';
import { linkTokensService } from '../../platform/auth/link-tokens.service.ts';
import { codeMatches, hashCode, maskAddress, newNumericCode } from '../../platform/auth/one-time-codes.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { addHours, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, linkExpired, throttled } from '../../platform/errors/http-error.ts';
import { mailService } from '../../platform/mail/mail.service.ts';
import { smsService } from '../../platform/sms/sms.service.ts';
import { throttleService } from '../../platform/throttle/throttle.service.ts';
import { setPasswordLink, setPasswordMail } from '../accounts/index.ts';
import { organisationsService } from '../organisations/index.ts';
import { settingsService } from '../settings/index.ts';
import { usersService } from '../users/index.ts';
import { accountExistsMail, otpMail, otpText } from './registration-mails.ts';
import {
  deleteOpenRegistrationsOf,
  deleteStaleRegistrations,
  findOpenRegistration,
  insertRegistration,
  takeRegistrationCheck,
  updateOpenRegistration,
  type RegistrationRow,
} from './registration.repo.ts';

export interface SignUpInput {
  name: string;
  email: string;
  phone: string;
  plan_name: PlanName;
  duration?: number | null | undefined;
  user_limit: number;
}

/** OTP checks per address per window, on top of the per-registration limit. */
const CHECKS_PER_IP = 30;

const expired = () => badRequest(registrationMessages.sessionExpired);

/** Self-registration (spec 01 §2, §4): sign-up form → OTP (SMS, or email without a phone) → set-password link. */
export function registrationService(ctx: AppContext) {
  const throttle = throttleService(ctx);
  const minutesFromNow = (minutes: number) => new Date(ctx.now().getTime() + minutes * 60_000).toISOString();

  /** Queues a new OTP for the registration by its channel (the job queue delivers it; the outbox masks it). */
  async function sendOtp(row: Pick<RegistrationRow, 'otp_channel' | 'phone' | 'email'>, code: string): Promise<void> {
    if (row.otp_channel === 'sms') {
      await smsService(ctx).send({
        organisationId: null,
        kind: 'registration_code',
        to: row.phone,
        text: otpText(code),
        secrets: [code],
      });
    } else {
      await mailService(ctx).enqueue(otpMail(row.email, code));
    }
  }

  function otpState(row: Pick<RegistrationRow, 'otp_channel' | 'phone' | 'email' | 'resends'>, expiresAt: string) {
    const sms = row.otp_channel === 'sms';
    return {
      otp_channel: sms ? ('sms' as const) : ('email' as const),
      sent_to: maskAddress(sms ? row.phone : row.email),
      expires_at: expiresAt,
      resends_left: Math.max(0, OTP_MAX_RESENDS - row.resends),
    };
  }

  /**
   * The open registration behind `token` whose OTP still works. A token that leads nowhere (unknown,
   * already used, or superseded by a newer sign-up with the same email) answers 'Link expired', which sends
   * the page to /404 (spec 01 §8); a known one whose 10 minutes ran out, 'Session expired, please login again!'.
   */
  async function liveRegistration(token: string): Promise<RegistrationRow> {
    const row = await findOpenRegistration(ctx.db, hashToken(token));
    if (!row) throw linkExpired();
    if (Date.parse(row.expires_at) <= ctx.now().getTime()) throw expired();
    return row;
  }

  return {
    /**
     * Starts a registration while registration is open (else 403 with the closed message): an OTP goes to
     * the phone by SMS, or to the email when no phone was given. The answer and the work are the same
     * whether the email has an account or not (no account look-up here; see check). 10 registrations per
     * address in 15 minutes.
     */
    async signUp(ip: string, input: SignUpInput): Promise<SignUpResponse> {
      if (!(await settingsService(ctx).current()).registration_open) throw forbidden(registrationMessages.closed);
      if (!(await throttle.hit(`register:ip:${ip}`, REGISTRATION_MAX_PER_IP, THROTTLE_WINDOW_MINUTES))) {
        throw throttled(registrationMessages.tooMany);
      }
      const token = newToken();
      const code = newNumericCode();
      const now = nowIso(ctx);
      const expiresAt = minutesFromNow(OTP_TTL_MINUTES);
      const row = {
        otp_channel: input.phone ? 'sms' : 'email',
        phone: input.phone,
        email: input.email,
        resends: 0,
      };
      // The newest sign-up for an email supersedes any earlier one still waiting for its OTP.
      await deleteOpenRegistrationsOf(ctx.db, input.email);
      await insertRegistration(ctx.db, {
        token_hash: hashToken(token),
        organisation_name: input.name,
        plan_name: input.plan_name,
        duration: input.duration ?? null,
        user_limit: input.user_limit,
        otp_hash: hashCode(code),
        otp_sent_at: now,
        expires_at: expiresAt,
        failed_checks: 0,
        completed_at: null,
        organisation_id: null,
        user_id: null,
        created_at: now,
        ...row,
      });
      await sendOtp(row, code);
      const detail = row.otp_channel === 'sms' ? registrationMessages.otpSentSms : registrationMessages.otpSentEmail;
      return { token, detail, ...otpState(row, expiresAt) };
    },

    /**
     * Housekeeping: removes pending registrations whose OTP ended more than a day ago. A resend or check
     * needs an unexpired OTP, so none of them can be completed; for a day their token still answers
     * 'Session expired…', afterwards 'Link expired'. Completed registrations are kept.
     */
    async purgeStale(): Promise<void> {
      await deleteStaleRegistrations(ctx.db, addHours(ctx.now(), -24).toISOString());
    },

    /** A new OTP (the old one stops working) with a new 10 minutes; at most 3 resends per registration. */
    async resend(token: string): Promise<RegisterResendResponse> {
      const row = await liveRegistration(token);
      if (row.resends >= OTP_MAX_RESENDS) throw throttled(registrationMessages.resendLimit);
      const code = newNumericCode();
      const expiresAt = minutesFromNow(OTP_TTL_MINUTES);
      const resends = row.resends + 1;
      const updated = await updateOpenRegistration(ctx.db, row.id, {
        otp_hash: hashCode(code),
        otp_sent_at: nowIso(ctx),
        expires_at: expiresAt,
        resends,
      });
      // Completed or superseded meanwhile.
      if (!updated) throw linkExpired();
      await sendOtp(row, code);
      return { detail: registrationMessages.otpResent, ...otpState({ ...row, resends }, expiresAt) };
    },

    /**
     * With the right OTP, in one transaction: the organisation on the chosen plan, its admin (no password
     * yet), a set-password link emailed to them, the registration closed, all audited. 5 wrong OTPs end
     * the registration; 30 checks per address in 15 minutes.
     */
    async check(ip: string, token: string, code: string): Promise<RegisterCheckResponse> {
      if (!(await throttle.hit(`register-check:ip:${ip}`, CHECKS_PER_IP, THROTTLE_WINDOW_MINUTES))) {
        throw throttled(registrationMessages.tooMany);
      }
      const row = await liveRegistration(token);
      // The check is counted before the comparison, atomically: parallel guesses cannot share one count.
      const check = await takeRegistrationCheck(ctx.db, row.id, OTP_MAX_CHECKS);
      if (check === null) throw badRequest(registrationMessages.otpTooManyChecks);
      if (!codeMatches(row.otp_hash, code.trim())) {
        throw badRequest(
          check >= OTP_MAX_CHECKS ? registrationMessages.otpTooManyChecks : registrationMessages.otpInvalid,
        );
      }
      const done = { detail: registrationMessages.linkSent, email: row.email };
      if (await usersService(ctx).findByEmail(row.email)) {
        // The same answer as a new firm's: the mailbox's owner, and only they, reads that the account exists.
        await inTransaction(ctx, async (tx) => {
          if (!(await updateOpenRegistration(tx.db, row.id, { completed_at: nowIso(tx) }))) throw linkExpired();
          await mailService(tx).enqueue(accountExistsMail(ctx.config.publicUrl, row.email));
        });
        mailService(ctx).sendQueued();
        return done;
      }
      await inTransaction(ctx, async (tx) => {
        const organisationId = await organisationsService(tx).create({
          name: row.organisation_name,
          plan: row.plan_name as PlanName,
          duration: row.duration ?? undefined,
          userLimit: row.user_limit,
          contactEmail: row.email,
          contactPhone: row.phone,
        });
        const userId = await usersService(tx).insert(
          { organisationId, email: row.email, role: 'admin', phone: row.phone, isActive: true },
          null,
        );
        if (
          !(await updateOpenRegistration(tx.db, row.id, {
            completed_at: nowIso(tx),
            organisation_id: organisationId,
            user_id: userId,
          }))
        ) {
          throw linkExpired();
        }
        const audit = auditService(tx);
        const system = { userId: null, organisationId };
        await audit.record(system, 'organisation', organisationId, 'registered', {
          name: row.organisation_name,
          plan: row.plan_name,
          duration: row.duration,
          user_limit: row.user_limit,
          terms_accepted: true,
        });
        await audit.record(system, 'user', userId, 'created', { email: row.email, role: 'admin', via: 'registration' });
        const linkToken = await linkTokensService(tx).issue('set_password', { userId, organisationId });
        const link = setPasswordLink(ctx.config.publicUrl, row.email, linkToken);
        await audit.record(system, 'user', userId, 'link_sent', { purpose: 'set_password' });
        await mailService(tx).enqueue(setPasswordMail(organisationId, row.email, row.organisation_name, link));
      });
      mailService(ctx).sendQueued();
      return done;
    },
  };
}
