import { z } from 'zod';
import { PLAN_NAMES, type PlanName } from '../roles.ts';
import { idParam, paged, pagedSearchQuery } from '../common.ts';
import { USER_LIMIT_MAX } from '../limits.ts';
import { planMessages, userLimitMessages } from './messages.ts';

const DAY_MS = 86_400_000;
/** has_expiry_popup: the plan ends within this many days, or has ended (docs/decisions.md). */
export const EXPIRY_WARNING_DAYS = 7;
/** An expired Trial becomes Associate for this many months (spec 01 §1). */
export const TRIAL_CONVERSION_MONTHS = 6;
/** Durations offered per plan, in months (spec 01 §9); Bespoke has none, Trial is ours (decisions.md). */
export const PLAN_DURATIONS: Record<PlanName, readonly number[]> = {
  Trial: [1],
  Associate: [6, 12],
  Membership: [12],
  Bespoke: [],
};
/** Plans an organisation may move to on the change-plan screen; Bespoke goes to the contact page. */
export const CHANGEABLE_PLANS: readonly PlanName[] = ['Associate', 'Membership'];

/**
 * True when a paid plan has ended: its module access is gone until it is renewed (spec 01 §6).
 * An ended Trial is not lapsed: it becomes Associate (spec 01 §1).
 */
export function planLapsed(plan: PlanName, expiresAt: string | null, now: Date): boolean {
  return plan !== 'Trial' && expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}

/**
 * Days left, a part-day counting as a day (0 once ended, null without an end), and whether the expiry popup shows:
 * a 12-month plan bought now reads 365 days, not 364 (issue 31).
 */
export function planValidity(expiresAt: string | null, now: Date): { days: number | null; popup: boolean } {
  if (!expiresAt) return { days: null, popup: false };
  const remaining = Date.parse(expiresAt) - now.getTime();
  return { days: Math.max(0, Math.ceil(remaining / DAY_MS)), popup: remaining <= EXPIRY_WARNING_DAYS * DAY_MS };
}

/** A user limit as typed (number or text): blank, non-whole and more than 4 digits answer the spec's messages. */
export function userLimitProblem(raw: unknown): string | null {
  if (raw === undefined || raw === null || String(raw).trim() === '') return userLimitMessages.blank;
  const text = String(raw).trim();
  if (!/^\d+$/.test(text)) return userLimitMessages.notWhole;
  if (Number(text) > USER_LIMIT_MAX) return userLimitMessages.tooLong;
  if (Number(text) < 1) return userLimitMessages.notWhole;
  return null;
}

/** The user_limit field of every body: a number or numeric text, 1-9999. */
export const userLimitField = z
  .union([z.number(), z.string().max(20), z.null()])
  .optional()
  .superRefine((raw, ctx) => {
    const problem = userLimitProblem(raw);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((raw) => Number(String(raw).trim()));

export const planName = z.enum(PLAN_NAMES);

/** A plan and its duration: Associate needs one of its durations ('Please select plan duration.'). */
export function planDurationProblem(plan: PlanName, duration: number | null | undefined): string | null {
  const offered = PLAN_DURATIONS[plan];
  if (offered.length === 0) return duration === null || duration === undefined ? null : planMessages.invalidDuration;
  if (duration === null || duration === undefined) {
    return offered.length === 1 ? null : planMessages.durationRequired;
  }
  return offered.includes(duration) ? null : planMessages.invalidDuration;
}

/** The duration a plan gets when none is chosen (its only one), or null. */
export function defaultDuration(plan: PlanName, duration: number | null | undefined): number | null {
  if (duration !== null && duration !== undefined) return duration;
  const offered = PLAN_DURATIONS[plan];
  return offered.length === 1 ? (offered[0] ?? null) : null;
}

const durationField = z.coerce.number().int().positive().max(120).nullable().optional();

/** GET plan-details/ (`?duration=true` lists every duration of each plan). */
export const planDetailsQuery = z.object({
  duration: z.enum(['true', 'false']).optional(),
});
export const planType = z.object({ id: z.number().int(), name: planName, duration: z.number().int().nullable() });
export type PlanType = z.infer<typeof planType>;
export const planDetailsResponse = z.object({ plan_type: z.array(planType) });
export type PlanDetailsResponse = z.infer<typeof planDetailsResponse>;

/** Optional organisation of a plan call: a super user names it; an admin always acts on their own. */
export const orgScopeQuery = z.object({ org_id: idParam.optional() });

/** GET user-plan/: each organisation's plan and validity (admin: their own only). */
export const userPlanQuery = pagedSearchQuery;
export const organisationPlan = z.object({
  organisation_id: z.number().int(),
  organisation: z.string(),
  plan_name: planName,
  duration: z.number().int().nullable(),
  user_limit: z.number().int(),
  registered_users: z.number().int(),
  plan_started_at: z.string().nullable(),
  plan_expires_at: z.string().nullable(),
  plan_validity: z.number().int().nullable(),
  has_expiry_popup: z.boolean(),
  is_lapsed: z.boolean(),
});
export type OrganisationPlan = z.infer<typeof organisationPlan>;
export const userPlanResponse = paged(organisationPlan);
export type UserPlanResponse = z.infer<typeof userPlanResponse>;

/** GET plan-history/?id={organisation id}. */
export const planHistoryQuery = z.object({ id: idParam });
export const planHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  plan_name: z.string(),
  duration: z.number().int().nullable(),
  user_limit: z.number().int(),
  started_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  changed_by: z.string().nullable(),
  created_at: z.string(),
});
export type PlanHistoryEntry = z.infer<typeof planHistoryEntry>;
export const planHistoryResponse = z.object({ data: z.array(planHistoryEntry) });
export type PlanHistoryResponse = z.infer<typeof planHistoryResponse>;

/** GET user-limit/: the saved limit and how many users count against it. */
export const userLimitResponse = z.object({
  active_user_limit: z.number().int(),
  registered_users: z.number().int(),
});
export type UserLimitResponse = z.infer<typeof userLimitResponse>;
/** PUT user-limit/. */
export const userLimitBody = z.object({ user_limit: userLimitField });
export type UserLimitBody = z.input<typeof userLimitBody>;

/** PUT plan-change/ (spec 01 §3: plan_name, duration, user_limit). */
export const planChangeBody = z
  .object({ plan_name: planName, duration: durationField, user_limit: userLimitField })
  .superRefine((body, ctx) => {
    const problem = planDurationProblem(body.plan_name, body.duration);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['duration'] });
  });
export type PlanChangeBody = z.input<typeof planChangeBody>;
export const planChangeResponse = z.object({ detail: z.string(), plan: organisationPlan });
export type PlanChangeResponse = z.infer<typeof planChangeResponse>;

/** The change-plan screen's limit rules (spec 01 §4, §5): the spec's messages, never below the saved limit. */
export function planChangeLimitProblem(raw: unknown, savedLimit: number, registeredUsers: number): string | null {
  const problem = userLimitProblem(raw);
  if (problem) return problem;
  const limit = Number(String(raw).trim());
  if (limit < registeredUsers) return userLimitMessages.belowRegistered;
  if (limit < savedLimit) return userLimitMessages.cannotDecrease;
  return null;
}
