import { z } from 'zod';
import { idParam } from '../common.ts';
import { KNOWLEDGE_ROLES } from '../organisations/users.ts';
import { KNOWLEDGE_LIMITS as L, KNOWLEDGE_REFUSALS, KNOWLEDGE_RULE_MODES } from './limits.ts';
import { knowledgeMessages as m } from './messages.ts';

export const knowledgeRuleMode = z.enum(KNOWLEDGE_RULE_MODES);

/** GET access/rules/ (super may name another organisation). */
export const knowledgeRulesQuery = z.object({ org_id: idParam.optional() });
export type KnowledgeRulesQuery = z.infer<typeof knowledgeRulesQuery>;

export const knowledgeRule = z.object({
  node_id: z.number().int(),
  title: z.string(),
  kind: z.enum(['domain', 'class', 'instance']),
  shared: z.boolean(),
  mode: knowledgeRuleMode,
});
export type KnowledgeRule = z.infer<typeof knowledgeRule>;
export const knowledgeRuleList = z.object({ organisation_id: z.number().int(), data: z.array(knowledgeRule) });
export type KnowledgeRuleList = z.infer<typeof knowledgeRuleList>;

/**
 * GET access/organisations/: the organisations whose rules the actor may edit. The curator (super) gets every
 * organisation, to allow shared domains for them; an organisation's admin gets their own only.
 */
export const knowledgeRuleOrganisations = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type KnowledgeRuleOrganisations = z.infer<typeof knowledgeRuleOrganisations>;

/** PUT access/rules/: replaces the organisation's rules. */
export const knowledgeRulesBody = z.object({
  org_id: idParam.optional(),
  rules: z
    .array(z.object({ node_id: idParam, mode: knowledgeRuleMode }))
    .max(L.rulesPerOrganisation)
    .refine((rules) => new Set(rules.map((r) => r.node_id)).size === rules.length, { message: m.duplicateRule }),
});
export type KnowledgeRulesBody = z.infer<typeof knowledgeRulesBody>;
export type KnowledgeRulesInput = z.input<typeof knowledgeRulesBody>;

export const knowledgeAccessUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['super', 'admin', 'user']),
  knowledge_role: z.enum(KNOWLEDGE_ROLES).nullable(),
  knowledge_data_permission: z.boolean(),
  knowledge_access: z.boolean(),
});
export type KnowledgeAccessUser = z.infer<typeof knowledgeAccessUser>;
export const knowledgeAccessUsers = z.object({ data: z.array(knowledgeAccessUser) });
export type KnowledgeAccessUsers = z.infer<typeof knowledgeAccessUsers>;

/** GET access/effective/?user_id=&node_id=: the decision and the sentences that explain it. */
export const knowledgeEffectiveQuery = z.object({ user_id: idParam, node_id: idParam });
export type KnowledgeEffectiveQuery = z.infer<typeof knowledgeEffectiveQuery>;
export const knowledgeEffective = z.object({
  visible: z.boolean(),
  reason: z.enum(KNOWLEDGE_REFUSALS).nullable(),
  steps: z.array(z.string()),
});
export type KnowledgeEffective = z.infer<typeof knowledgeEffective>;

/** API keys of the service calls (shown once at creation; only a hash is stored). */
export const knowledgeApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** The key stops answering then (issue 29): chosen at creation, `apiKeyDefaultDays` unless chosen. */
  expires_at: z.string(),
});
export type KnowledgeApiKey = z.infer<typeof knowledgeApiKey>;
export const knowledgeApiKeyList = z.object({ data: z.array(knowledgeApiKey) });
export type KnowledgeApiKeyList = z.infer<typeof knowledgeApiKeyList>;
export const knowledgeApiKeyBody = z.object({
  name: z
    .string({ error: m.apiKeyNameRequired })
    .trim()
    .min(1, m.apiKeyNameRequired)
    .max(L.apiKeyName, m.apiKeyNameTooLong),
  /** Days until the key expires, 1 to `apiKeyMaxDays` (`apiKeyDefaultDays` when left out). */
  expires_in_days: z
    .number({ error: m.apiKeyExpiryRange })
    .int(m.apiKeyExpiryRange)
    .min(1, m.apiKeyExpiryRange)
    .max(L.apiKeyMaxDays, m.apiKeyExpiryRange)
    .default(L.apiKeyDefaultDays),
});
export type KnowledgeApiKeyBody = z.infer<typeof knowledgeApiKeyBody>;
export const knowledgeApiKeyCreated = z.object({ detail: z.string(), api_key: knowledgeApiKey, key: z.string() });
export type KnowledgeApiKeyCreated = z.infer<typeof knowledgeApiKeyCreated>;
export const knowledgeApiKeyParams = z.object({ api_key_id: idParam });

/** Service call GET nodes-list/: the organisation's nodes (those it may see at all), restricted marked. */
export const knowledgeServiceNode = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  kind: z.enum(['domain', 'class', 'instance']),
  title: z.string(),
  restricted: z.boolean(),
});
export const knowledgeServiceNodes = z.object({ data: z.array(knowledgeServiceNode) });
export type KnowledgeServiceNodes = z.infer<typeof knowledgeServiceNodes>;

/** Service call GET domain/data/{user_id}/: which nodes that user sees, and which of them are restricted. */
export const knowledgeUserParams = z.object({ user_id: idParam });
export const knowledgeDomainData = z.object({
  user_id: z.number().int(),
  allowed: z.array(z.number().int()),
  restricted: z.array(z.number().int()),
});
export type KnowledgeDomainData = z.infer<typeof knowledgeDomainData>;
