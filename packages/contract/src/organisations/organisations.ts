import { z } from 'zod';
import { EMAIL_PATTERN, idParam, paged, pagedSearchQuery } from '../common.ts';
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../limits.ts';
import { profileMessages } from '../messages.ts';
import { MODULE_FLAGS, type ModuleFlag } from '../roles.ts';
import { organisationMessages } from './messages.ts';
import { planDurationProblem, planName, userLimitField } from './plans.ts';

export const PHONE_PATTERN = /^\+?[0-9 ()-]{0,20}$/;

/** The seven module flags as an object of booleans (module defaults, a user's grants). */
export const moduleFlagsSchema = z.object(
  Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<ModuleFlag, z.ZodBoolean>,
);

export const organisationIdParams = z.object({ organisation_id: idParam });

export const organisationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  plan_name: planName,
  duration: z.number().int().nullable(),
  user_limit: z.number().int(),
  registered_users: z.number().int(),
  contact_email: z.string(),
  contact_phone: z.string(),
  modules: moduleFlagsSchema,
  plan_started_at: z.string().nullable(),
  plan_expires_at: z.string().nullable(),
  plan_validity: z.number().int().nullable(),
  created_at: z.string(),
});
export type OrganisationItem = z.infer<typeof organisationItem>;
export const organisationList = paged(organisationItem);
export type OrganisationList = z.infer<typeof organisationList>;
export const organisationListQuery = pagedSearchQuery;

const contactEmail = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), organisationMessages.invalidEmail)
  .transform((value) => value.toLowerCase());

/** POST organisation/ and PUT organisation/{id}/: name, plan, user limit, contact, module defaults. */
export const organisationBody = z
  .object({
    name: z.string().trim().min(1, organisationMessages.nameRequired).max(NAME_MAX_LENGTH),
    plan_name: planName,
    duration: z.coerce.number().int().positive().max(120).nullable().optional(),
    user_limit: userLimitField,
    contact_email: contactEmail.default(''),
    contact_phone: z
      .string()
      .trim()
      .max(PHONE_MAX_LENGTH)
      .regex(PHONE_PATTERN, profileMessages.invalidPhone)
      .default(''),
    modules: moduleFlagsSchema,
  })
  .superRefine((body, ctx) => {
    const problem = planDurationProblem(body.plan_name, body.duration);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['duration'] });
  });
export type OrganisationBody = z.input<typeof organisationBody>;
export type OrganisationValues = z.output<typeof organisationBody>;

/** One change of an audited entity: who, when, what (spec 01 §6 history). */
export const historyEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string().nullable(),
  created_at: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyResponse = z.object({ data: z.array(historyEntry) });
export type HistoryResponse = z.infer<typeof historyResponse>;

/** Usage data of spec 01 §6 per organisation; counts that other areas add as they land (docs/organisations.md). */
export const USAGE_METRICS = [
  'users',
  'active_users',
  'storage_bytes',
  'documents',
  'template_executions',
  'searches',
  'playbooks',
  'tasks',
  'invoices',
  'knowledge_articles',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export const USAGE_LABELS: Record<UsageMetric, string> = {
  users: 'Users',
  active_users: 'Active users',
  storage_bytes: 'Storage used (bytes)',
  documents: 'Documents',
  template_executions: 'Template executions',
  searches: 'Searches',
  playbooks: 'Playbooks',
  tasks: 'Tasks',
  invoices: 'Invoices',
  knowledge_articles: 'Knowledge articles',
};
export const usageDownloadQuery = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  /** One organisation; absent: every organisation. */
  id: idParam.optional(),
});
export type UsageDownloadQuery = z.input<typeof usageDownloadQuery>;
