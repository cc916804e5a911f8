import type { HistoryEntry } from '@lexdesk/contract';
import { auditService } from '../../platform/audit/audit.service.ts';
import type { AppContext } from '../../platform/context.ts';
import { usersService } from '../users/index.ts';

/** An entity's audit events, newest first, with who acted by name (spec 01 §6 history: who, when, what). */
export async function historyOf(
  ctx: AppContext,
  organisationId: number,
  entity: string,
  entityId: number,
): Promise<HistoryEntry[]> {
  const events = await auditService(ctx).historyOf(organisationId, entity, entityId);
  const actorIds = [...new Set(events.flatMap((e) => (e.actorUserId === null ? [] : [e.actorUserId])))];
  const names = await usersService(ctx).displayNames(actorIds);
  return events
    .map((event, index) => ({
      id: index + 1,
      action: event.action,
      actor:
        event.actorUserId === null ? 'System' : (names.get(event.actorUserId) ?? `Deleted user #${event.actorUserId}`),
      created_at: event.createdAt,
      changes: event.changes,
    }))
    .reverse();
}

/** `{field: {from, to}}` for each field whose value differs. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = { from: before[key], to: value };
  }
  return changes;
}
