import type { PermissionRule, Role } from '../roles.ts';

const ALL: readonly Role[] = ['super', 'admin', 'user'];
const STAFF: readonly Role[] = ['super', 'admin'];
const CASE = 'case_permission' as const;

/**
 * Permissions of cases and their documents (spec 01 §6): every role lists, creates, edits and copies a
 * link to a case, and uploads and downloads its documents; deleting a case is for super and admin. A plain
 * user deletes only the documents they uploaded (checked in the service). Every rule needs the Case module.
 */
export const CASE_PERMISSIONS = {
  'case.cases.read': { roles: ALL, module: CASE },
  'case.cases.create': { roles: ALL, module: CASE },
  'case.cases.edit': { roles: ALL, module: CASE },
  'case.cases.delete': { roles: STAFF, module: CASE },
  'case.documents.read': { roles: ALL, module: CASE },
  'case.documents.upload': { roles: ALL, module: CASE },
  'case.documents.delete': { roles: ALL, module: CASE },
  // Deleting any document, not only one's own uploads (a plain user deletes only those).
  'case.documents.deleteAny': { roles: STAFF, module: CASE },
  // Saved searches: every role saves and runs; a plain user deletes only their own (checked in the service).
  'case.savedSearches.read': { roles: ALL, module: CASE },
  'case.savedSearches.save': { roles: ALL, module: CASE },
  'case.savedSearches.delete': { roles: ALL, module: CASE },
  'case.savedSearches.deleteAny': { roles: STAFF, module: CASE },
} as const satisfies Record<string, PermissionRule>;
