import { z } from 'zod';
import { idParam, paged, pagedSearchQuery } from '../common.ts';
import { PHONE_MAX_LENGTH } from '../limits.ts';
import { profileMessages } from '../messages.ts';
import { mfaMessages, phoneMessages } from './messages.ts';
import { SMS_PHONE_PATTERN } from './registration.ts';

/** A TOTP code (6 digits), an SMS code (6 digits) or a bypass code (XXXXX-XXXXX). */
const verificationCode = z
  .string()
  .trim()
  .max(20)
  .refine((code) => code.length > 0, mfaMessages.codeRequired);

/** Answer of POST login/ when a second step is needed: no session token yet. */
export const mfaChallengeResponse = z.object({
  is_mfa_enabled: z.literal(true),
  /** Names this sign-in attempt in the second-step calls; lives 10 minutes. */
  mfa_token: z.string(),
  username: z.string(),
  /** True when the organisation requires MFA and the user has not set up an authenticator yet. */
  enrolment_required: z.boolean(),
  /** A verified phone can receive a code by SMS. */
  can_send_sms: z.boolean(),
  expires_at: z.string(),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponse>;

export const mfaTokenBody = z.object({ mfa_token: z.string().min(1).max(200) });
export const loginCheckBody = mfaTokenBody.extend({ verification_code: verificationCode });
export const codeSentResponse = z.object({ detail: z.string(), sent_to: z.string() });

/** A new authenticator secret: QR code and the text for manual entry. Shown once, during set-up only. */
export const totpEnrolment = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** data:image/png;base64 QR code of otpauth_uri. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** GET user/mfa/monitoring/: the caller's own MFA state. */
export const mfaMonitoringResponse = z.object({
  is_mfa_enabled: z.boolean(),
  /** The organisation requires MFA for the caller's role. */
  is_mfa_required: z.boolean(),
  enrolled_at: z.string().nullable(),
  bypass_codes_left: z.number().int(),
  phone: z.string(),
  verified_phone: z.string().nullable(),
});
export type MfaMonitoringResponse = z.infer<typeof mfaMonitoringResponse>;

/**
 * POST user/mfa/toggle/: `{enable:true}` starts set-up (answers the secret and QR code);
 * `{enable:true, verification_code}` confirms it (answers the bypass codes, once); `{enable:false, password}` turns it off.
 */
export const mfaToggleBody = z.object({
  enable: z.boolean(),
  /** An administrator turns off another user's MFA (lost phone): own organisation only, no password. */
  user_id: idParam.optional(),
  verification_code: z.string().trim().max(20).optional(),
  password: z.string().max(256).optional(),
});
export type MfaToggleBody = z.input<typeof mfaToggleBody>;
export const mfaToggleResponse = z.object({
  detail: z.string(),
  is_mfa_enabled: z.boolean(),
  enrolment: totpEnrolment.optional(),
  bypass_codes: z.array(z.string()).optional(),
});
export type MfaToggleResponse = z.infer<typeof mfaToggleResponse>;

export const bypassCodesBody = z.object({ password: z.string().min(1, mfaMessages.codeRequired).max(256) });
export const bypassCodesResponse = z.object({ detail: z.string(), bypass_codes: z.array(z.string()) });
export type BypassCodesResponse = z.infer<typeof bypassCodesResponse>;

/** The organisation's MFA policy: the roles that must use it (super: the provider's staff in that organisation). */
export const MFA_POLICY_ROLES = ['super', 'admin', 'user'] as const;
export type MfaPolicyRole = (typeof MFA_POLICY_ROLES)[number];
export const mfaPolicyQuery = z.object({ organisation_id: idParam.optional() });
export const mfaPolicyResponse = z.object({
  organisation_id: z.number().int(),
  required_roles: z.array(z.enum(MFA_POLICY_ROLES)),
});
export type MfaPolicyResponse = z.infer<typeof mfaPolicyResponse>;
export const mfaPolicyBody = z.object({
  organisation_id: idParam.optional(),
  required_roles: z.array(z.enum(MFA_POLICY_ROLES)).max(MFA_POLICY_ROLES.length),
});

/** Locked accounts: GET user/unblock-login/ lists them (admin: own organisation); POST unblocks one. */
export const lockedAccount = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  organisation: z.string(),
  failed_logins: z.number().int(),
  locked_at: z.string(),
});
export type LockedAccount = z.infer<typeof lockedAccount>;
export const lockedAccountList = paged(lockedAccount);
export type LockedAccountList = z.infer<typeof lockedAccountList>;
export const lockedAccountQuery = pagedSearchQuery;
export const unblockLoginBody = z.object({ user_id: idParam });

const phoneField = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH)
  .refine((p) => p.length > 0, phoneMessages.phoneRequired)
  .refine((p) => p.length === 0 || SMS_PHONE_PATTERN.test(p), profileMessages.invalidPhone);
export const phoneSendBody = z.object({ phone: phoneField });
export const phoneCheckBody = z.object({ phone: phoneField, verification_code: verificationCode });
/** Saving a verified phone (a sign-in channel) asks for the current password too: a session alone is not enough. */
export const phoneUpdateBody = z.object({ phone: phoneField, password: z.string().max(256) });
export const phoneStateResponse = z.object({
  detail: z.string(),
  phone: z.string(),
  verified_phone: z.string().nullable(),
});
