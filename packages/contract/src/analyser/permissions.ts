import type { PermissionRule } from '../roles.ts';

const STAFF = ['super', 'admin'] as const;
const ALL = ['super', 'admin', 'user'] as const;
const module = 'doc_analyzer_permission';

/**
 * The document analyser's concept side (spec 03 §6): every user reads the lists assigned to them (the row's
 * description); super and admin build, edit, copy, amend and delete; assign-to-all is the super user's.
 */
export const ANALYSER_PERMISSIONS = {
  'analyser.concepts.read': { roles: ALL, module },
  'analyser.concepts.write': { roles: STAFF, module },
  'analyser.concepts.assign_all': { roles: ['super'], module },
  'analyser.feedback.delete': { roles: STAFF, module },
  // Document comparison (issue 13): every role, on the documents it may open (the case module's documents).
  'analyser.compare.run': { roles: ALL, module },
} as const satisfies Record<string, PermissionRule>;
