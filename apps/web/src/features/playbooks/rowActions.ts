import type { Role } from '@lexdesk/contract';

export type PlaybookRowAction = 'edit' | 'copy_link' | 'delete';

/**
 * Spec 01 §6: super and admin edit, copy the link and delete; a user copies the link only. A playbook shared from
 * another organisation is read-only there (docs/playbooks.md), so staff copy its link only too.
 */
export function playbookRowActions(role: Role, isOwn: boolean): PlaybookRowAction[] {
  const staff = role === 'super' || role === 'admin';
  return staff && isOwn ? ['edit', 'copy_link', 'delete'] : ['copy_link'];
}
