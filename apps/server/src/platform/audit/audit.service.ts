import type { AuditAction, AuditEntity } from '@lexdesk/contract';
import { nowIso, type AppContext } from '../context.ts';
import { FreeTextAuditDetailError, freeTextDetailKeys } from './audit-details.ts';
import { insertAuditEvent, listAuditEvents } from './audit.repo.ts';

/** Who acted: a signed-in user, or (userId null) the system or a link holder without a session. */
export interface AuditActor {
  userId: number | null;
  organisationId: number;
}

export interface AuditEvent {
  actorUserId: number | null;
  action: string;
  changes: Record<string, unknown>;
  createdAt: string;
}

/** audit_events: who changed what and when. Never pass secrets in `changes`. */
export function auditService(ctx: AppContext) {
  return {
    /**
     * The event is recorded in the actor's organisation (inside the caller's transaction, if any). Entity and
     * action come from the contract's vocabulary (`AUDIT_EVENTS`). Details of a firm's things hold ids, counts
     * and field names only (`audit-details.ts`): free text there is refused in development and tests, and
     * dropped (with an error in the log) on an installation others reach, so it is never stored.
     */
    async record<E extends AuditEntity>(
      actor: AuditActor,
      entity: E,
      entityId: number | null,
      action: AuditAction<E>,
      changes: Record<string, unknown> = {},
    ): Promise<void> {
      const freeText = freeTextDetailKeys(entity, changes);
      if (freeText.length > 0) {
        const error = new FreeTextAuditDetailError(entity, action, freeText);
        if (!ctx.config.production) throw error;
        ctx.log.error({ err: error }, 'audit details dropped');
        changes = Object.fromEntries(Object.entries(changes).filter(([key]) => !freeText.includes(key)));
      }
      await insertAuditEvent(ctx.db, {
        organisation_id: actor.organisationId,
        actor_user_id: actor.userId,
        entity,
        entity_id: entityId,
        action,
        changes: JSON.stringify(changes),
        created_at: nowIso(ctx),
      });
    },

    /** The history of one entity of an organisation, oldest first. */
    async historyOf(organisationId: number, entity: string, entityId: number): Promise<AuditEvent[]> {
      const rows = await listAuditEvents(ctx.db, organisationId, entity, entityId);
      return rows.map((row) => ({
        actorUserId: row.actor_user_id,
        action: row.action,
        changes: JSON.parse(row.changes) as Record<string, unknown>,
        createdAt: row.created_at,
      }));
    },
  };
}
