import type { Role } from '../roles.ts';
import type { PermissionRule } from '../roles.ts';
import type { KnowledgeRole } from '../organisations/users.ts';

const ALL = ['super', 'admin', 'user'] as const;
const STAFF = ['super', 'admin'] as const;

/**
 * Knowledge on the main API. The hand-over and the lookup are open to every role: the service answers the
 * licence and knowledge-role refusals with their own messages (spec 01 §6, spec 03 §8), which a bare 403
 * would lose. Access rules and API keys are the organisation's admins' (and the provider's super user's);
 * only the super user shares a shared domain with an organisation.
 */
export const KNOWLEDGE_PERMISSIONS = {
  'knowledge.use': { roles: ALL },
  'knowledge.access.manage': { roles: STAFF, module: 'knowledge_permission' },
  'knowledge.shared.curate': { roles: ['super'], module: 'knowledge_permission' },
} as const satisfies Record<string, PermissionRule>;

/** What a knowledge user may do, from the knowledge role and the main role (the `me` answer; docs/knowledge.md). */
export interface KnowledgeAbilities {
  can_read: boolean;
  can_edit: boolean;
  can_manage_structure: boolean;
  can_manage_access: boolean;
  can_curate_shared: boolean;
}

export function knowledgeAbilities(subject: {
  role: Role;
  knowledge_role: KnowledgeRole | null;
  knowledge_access: boolean;
}): KnowledgeAbilities {
  const on = subject.knowledge_access && subject.knowledge_role !== null;
  const k = subject.knowledge_role;
  return {
    can_read: on,
    can_edit: on && (k === 'contributor' || k === 'manager'),
    can_manage_structure: on && k === 'manager',
    can_manage_access: on && (subject.role === 'admin' || subject.role === 'super'),
    can_curate_shared: on && subject.role === 'super' && k === 'manager',
  };
}
