import type { PermissionRule } from '../roles.ts';

const STAFF = ['super', 'admin'] as const;
const ALL = ['super', 'admin', 'user'] as const;

/**
 * Permissions of this area (spec 02 §6: super and admin author questionnaires; document types are open to
 * every user of the organisation). Merged into PERMISSIONS.
 */
export const QUESTIONNAIRE_PERMISSIONS = {
  'questionnaires.categories.read': { roles: ALL, module: 'precedent_permission' },
  'questionnaires.categories.write': { roles: STAFF, module: 'precedent_permission' },
  'questionnaires.questions.read': { roles: STAFF, module: 'precedent_permission' },
  'questionnaires.questions.write': { roles: STAFF, module: 'precedent_permission' },
  'questionnaires.document_types.read': { roles: ALL },
  'questionnaires.document_types.write': { roles: ALL },
} as const satisfies Record<string, PermissionRule>;
