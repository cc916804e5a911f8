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
  // Review and saved searches (spec 03 §2.4-2.6, §6): every role runs reviews on the documents it may open,
  // votes on hits, saves, views and deletes saved searches ("delete is available to all").
  'analyser.review.run': { roles: ALL, module },
  'analyser.review.feedback': { roles: ALL, module },
  'analyser.savedSearches.read': { roles: ALL, module },
  // Super and admin list and open every saved search of their organisation; a user their own.
  'analyser.savedSearches.readAny': { roles: STAFF, module },
  'analyser.savedSearches.save': { roles: ALL, module },
  'analyser.savedSearches.delete': { roles: ALL, module },
} as const satisfies Record<string, PermissionRule>;
