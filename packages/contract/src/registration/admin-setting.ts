import { z } from 'zod';
import { paged, pagedSearchQuery } from '../common.ts';

/**
 * One housekeeping step: when it last succeeded and last failed on any server (null: not yet), and the kind of its
 * last error (class and code, e.g. `TypeError`; never the message, which may quote a firm's content).
 */
export const housekeepingStepStatus = z.object({
  step: z.string(),
  last_succeeded_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  last_failure: z.string().nullable(),
});
export type HousekeepingStepStatus = z.infer<typeof housekeepingStepStatus>;

/**
 * Admin Setting → Mail and SMS: how messages leave (SMTP_URL / SMS_WEBHOOK_URL, or the server's console
 * without them), and what is waiting or failed.
 */
export const deliveryStatus = z.object({
  mail_transport: z.enum(['smtp', 'console']),
  sms_transport: z.enum(['webhook', 'console']),
  email: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  sms: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  /** The base of emailed links, and whether PUBLIC_URL set it (false: the http://localhost fallback). */
  public_url: z.string(),
  public_url_set: z.boolean(),
  /**
   * The hourly housekeeping's steps (platform purges, the storage sweep, each module's own) and when each last
   * succeeded on any server (null: not yet). Steps run on their own: an old date marks the one that fails.
   */
  housekeeping: z.array(housekeepingStepStatus),
});
export type DeliveryStatus = z.infer<typeof deliveryStatus>;

/** Admin Setting → Audit log: every change in the installation, newest first. */
export const auditLogQuery = pagedSearchQuery;
export const auditLogItem = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** "Name (email)", null for the system. */
  actor: z.string().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  organisation: z.string().nullable(),
  organisation_id: z.number().int(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  action: z.string(),
  /** The event as a sentence, names read today ("Ada Admin invited Ben User"). */
  description: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;
export const auditLogList = paged(auditLogItem);
export type AuditLogList = z.infer<typeof auditLogList>;
