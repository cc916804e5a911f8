import { z } from 'zod';
import { EMAIL_PATTERN } from '../common.ts';
import { PHONE_MAX_LENGTH } from '../limits.ts';
import { profileMessages } from '../messages.ts';
import { organisationMessages, userAdminMessages } from '../organisations/messages.ts';
import { planDurationProblem, planName, userLimitProblem } from '../organisations/plans.ts';
import { PLAN_NAMES, type PlanName } from '../roles.ts';
import { OTP_LENGTH } from './limits.ts';
import { registrationMessages } from './messages.ts';

/** Plans a firm can register for itself; Bespoke is arranged through the contact address. */
export const SELF_REGISTRATION_PLANS = ['Trial', 'Associate', 'Membership'] as const satisfies readonly PlanName[];
const ORGANISATION_NAME_MAX = 200;
export const SMS_PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

export interface SignUpValues {
  name: string;
  email: string;
  phone?: string | undefined;
  plan_name: string;
  duration?: number | null | undefined;
  user_limit?: unknown;
  terms?: boolean | undefined;
}

/** Every rule of the sign-up form (spec 01 §5) the values break, as [field, message], in form order. */
export function signUpProblems(v: SignUpValues): [string, string][] {
  const problems: [string, string][] = [];
  const plan = (PLAN_NAMES as readonly string[]).includes(v.plan_name) ? (v.plan_name as PlanName) : null;
  if (plan === 'Bespoke') problems.push(['plan_name', registrationMessages.bespokeByContact]);
  else if (plan) {
    const durationProblem = planDurationProblem(plan, v.duration);
    if (durationProblem) problems.push(['duration', durationProblem]);
  }
  const limitProblem = userLimitProblem(v.user_limit);
  if (limitProblem) problems.push(['user_limit', limitProblem]);
  if (!v.name.trim()) problems.push(['name', organisationMessages.nameRequired]);
  const email = v.email.trim();
  if (!email) problems.push(['email', userAdminMessages.emailRequired]);
  else if (!EMAIL_PATTERN.test(email)) problems.push(['email', userAdminMessages.emailInvalid]);
  const phone = (v.phone ?? '').trim();
  if (phone && !SMS_PHONE_PATTERN.test(phone)) problems.push(['phone', profileMessages.invalidPhone]);
  if (v.terms !== true) problems.push(['terms', registrationMessages.termsRequired]);
  return problems;
}

/** POST sign-up/ (spec 01 §3: name, email, phone, plan_name, duration, org_id, user_limit) plus the terms box. */
export const signUpBody = z
  .object({
    name: z.string().max(ORGANISATION_NAME_MAX).default(''),
    email: z.string().max(254).default(''),
    phone: z.string().max(PHONE_MAX_LENGTH).default(''),
    plan_name: planName,
    duration: z.coerce.number().int().positive().max(120).nullable().optional(),
    /** Self-registration always creates a new organisation: org_id must be empty. */
    org_id: z.null().optional(),
    user_limit: z.union([z.number(), z.string().max(20), z.null()]).optional(),
    terms: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    for (const [field, message] of signUpProblems(body)) ctx.addIssue({ code: 'custom', message, path: [field] });
  })
  .transform((body) => ({
    ...body,
    name: body.name.trim(),
    email: body.email.trim().toLowerCase(),
    phone: body.phone.trim(),
    user_limit: Number(String(body.user_limit).trim()),
  }));
export type SignUpBody = z.input<typeof signUpBody>;

/** The registration's token (it names the pending registration in the OTP calls) and where the OTP went. */
export const signUpResponse = z.object({
  token: z.string(),
  otp_channel: z.enum(['sms', 'email']),
  /** The phone or email the OTP went to, partly hidden. */
  sent_to: z.string(),
  /** When the OTP stops working (ISO-8601): the page counts down to it. */
  expires_at: z.string(),
  resends_left: z.number().int(),
  detail: z.string(),
});
export type SignUpResponse = z.infer<typeof signUpResponse>;

export const registerTokenBody = z.object({ token: z.string().min(1).max(200) });
export const registerResendResponse = signUpResponse.omit({ token: true });
export type RegisterResendResponse = z.infer<typeof registerResendResponse>;

/** The OTP field: numeric, at most 6 characters (spec 01 §5). */
export function otpProblem(code: string): string | null {
  return new RegExp(`^[0-9]{${OTP_LENGTH}}$`).test(code.trim()) ? null : registrationMessages.otpRequired;
}

export const registerCheckBody = z.object({
  token: z.string().min(1).max(200),
  verification_code: z
    .string()
    .max(OTP_LENGTH)
    .superRefine((code, ctx) => {
      const problem = otpProblem(code);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export const registerCheckResponse = z.object({ detail: z.string(), email: z.string() });
export type RegisterCheckResponse = z.infer<typeof registerCheckResponse>;
