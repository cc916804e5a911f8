import type { PermissionRule } from '../roles.ts';

const STAFF = ['super', 'admin'] as const;
const ALL = ['super', 'admin', 'user'] as const;
const module = 'my_playbooks_permission';

/**
 * Playbooks (spec 01 §6 row actions: super and admin edit, copy link and delete; a user copies the link only).
 * Everyone with the module reads, previews, exports and searches; staff write; the super user assigns
 * playbooks to other organisations and their users.
 */
export const PLAYBOOK_PERMISSIONS = {
  'playbooks.read': { roles: ALL, module },
  'playbooks.write': { roles: STAFF, module },
  'playbooks.assign': { roles: ['super'], module },
} as const satisfies Record<string, PermissionRule>;
