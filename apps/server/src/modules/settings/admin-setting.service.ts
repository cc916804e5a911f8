import { can, type AuditLogList, type DeliveryStatus, type PagedSearchQuery } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors/http-error.ts';
import { housekeepingStatus } from '../../platform/housekeeping.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { actorWords, describeAuditEvents } from '../../platform/audit/audit-sentences.ts';
import { auditVocabularyOf } from '../../platform/modules/lifecycle.ts';
import { installationOutbox, mailService } from '../../platform/mail/mail.service.ts';
import { countAuditLog, listAuditLog, type AuditLogRow } from './admin-setting.repo.ts';

function parseChanges(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Admin Setting's installation-wide views (super only): the audit log, and mail and SMS delivery. */
export function adminSettingService(ctx: AppContext) {
  return {
    /** One page of every organisation's audit events, newest first; search over who, organisation, entity, action, changes. */
    async auditLog(actor: Actor, page: PagedSearchQuery): Promise<AuditLogList> {
      if (!can(actor, 'admin.audit.read')) throw forbidden();
      const search = page.search_key || undefined;
      const total = await countAuditLog(ctx.db, search);
      const rows = await listAuditLog(ctx.db, search, page.limits, (page.page_no - 1) * page.limits);
      const nameOf = (row: AuditLogRow) =>
        `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim() || row.actor_email;
      const sentences = await describeAuditEvents(
        ctx.db,
        auditVocabularyOf(ctx.modules),
        rows.map((row) => ({
          organisationId: row.organisation_id,
          entity: row.entity,
          entityId: row.entity_id,
          action: row.action,
          actor: actorWords(row.actor_user_id, nameOf(row)),
          actorId: row.actor_user_id,
          changes: parseChanges(row.changes),
        })),
      );
      return {
        data: rows.map((row, index) => {
          const name = `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim();
          return {
            id: row.id,
            created_at: row.created_at,
            actor: row.actor_email ? (name ? `${name} (${row.actor_email})` : row.actor_email) : null,
            actor_name: row.actor_email ? name || null : null,
            actor_email: row.actor_email,
            description: sentences[index]!,
            organisation: row.organisation,
            organisation_id: row.organisation_id,
            entity: row.entity,
            entity_id: row.entity_id,
            action: row.action,
            changes: parseChanges(row.changes),
          };
        }),
        page: pageInfoOf(page, total),
      };
    },

    /**
     * How mail and SMS leave this installation and how many are waiting, sent or failed: counted over what the
     * provider's outbox shows (its own organisation's mail and every organisation's account mail).
     */
    async deliveryStatus(actor: Actor): Promise<DeliveryStatus> {
      if (!can(actor, 'admin.delivery.read')) throw forbidden();
      const counts = { email: { queued: 0, sent: 0, failed: 0 }, sms: { queued: 0, sent: 0, failed: 0 } };
      for (const row of await mailService(ctx).countByStatus(installationOutbox(actor.organisationId))) {
        const channel = row.channel === 'sms' ? counts.sms : counts.email;
        if (row.status === 'queued' || row.status === 'sent' || row.status === 'failed') {
          channel[row.status] = Number(row.n);
        }
      }
      return {
        mail_transport: ctx.mailer ? 'smtp' : 'console',
        sms_transport: ctx.sms ? 'webhook' : 'console',
        ...counts,
        public_url: ctx.config.publicUrl,
        public_url_set: ctx.config.publicUrlSet,
        housekeeping: await housekeepingStatus(ctx),
      };
    },
  };
}
