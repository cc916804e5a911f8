import { MODULE_FLAGS, type PermissionMonitoringResponse } from '@lexdesk/contract';
import type { Session } from './storage.ts';

/** True when the poll shows a role, plan, module flag or grant other than the stored one (spec 01 §4). */
export function permissionsDiffer(session: Session, polled: PermissionMonitoringResponse): boolean {
  if (polled.user_role !== session.role || polled.current_plan !== session.plan) return true;
  if (MODULE_FLAGS.some((flag) => polled[flag] !== session.permissions[flag])) return true;
  return (
    polled.knowledge_access !== session.permissions.knowledge_access ||
    polled.knowledge_data_permission !== session.permissions.knowledge_data_permission ||
    polled.billing_permission !== session.permissions.billing_permission
  );
}
