import { OUTBOX_RETENTION_DAYS, type OutboxItem, type OutboxKind, type PagedSearchQuery } from '@lexdesk/contract';
import { addHours, inTransaction, nowIso, type AppContext } from '../context.ts';
import { enqueueJob, wakeJobRunners } from '../jobs/jobs.service.ts';
import {
  countOutbox,
  countOutboxByStatus,
  deleteOutboxBefore,
  deleteOutboxSecretsBefore,
  insertOutbox,
  insertOutboxSecret,
  listOutbox,
  type OutboxRow,
  type OutboxView,
} from './outbox.repo.ts';

/**
 * The kinds of message the provider's installation-wide outbox shows of every organisation: account mail the
 * provider runs (links, invitations, sign-up and sign-in codes). Anything else a firm sends (an invoice to its
 * client) is the firm's business and shows only in its own organisation's view. A new kind stays hidden from
 * the provider until it is added here on purpose (as `INSTALLATION_AUDIT_ENTITIES` does for the audit log).
 */
export const INSTALLATION_OUTBOX_KINDS = [
  'set_password',
  'reset_password',
  'admin_invitation',
  'registration_code',
  'account_exists',
  'phone_code',
  'sign_in_code',
] as const satisfies readonly OutboxKind[];

/** A firm's own outbox: every message of its organisation. */
export function organisationOutbox(organisationId: number): OutboxView {
  return { organisationId, otherOrganisationsKinds: [] };
}

/**
 * The provider's installation-wide outbox (super user): every message of the provider's own organisation, and
 * only the account mail (`INSTALLATION_OUTBOX_KINDS`) of every other organisation or of none.
 */
export function installationOutbox(providerOrganisationId: number): OutboxView {
  return { organisationId: providerOrganisationId, otherOrganisationsKinds: INSTALLATION_OUTBOX_KINDS };
}

export interface MailMessage {
  /** The organisation the message concerns; null for provider-side mail. */
  organisationId: number | null;
  /** What the message is for; decides who sees it in the outbox. Required, so every sender decides. */
  kind: OutboxKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The parts of the text that must never be stored: link tokens, codes. The outbox keeps the message with
   * them masked; the full text exists only until its delivery ends. Required, so every sender decides.
   */
  secrets: readonly string[];
  /** Stored files sent with the message (by storage key, read at delivery; the outbox lists their names). */
  attachments?: readonly MailAttachment[];
}

/** A stored file to attach: its name in the mail, its storage key, its media type. */
export interface MailAttachment {
  name: string;
  storage_key: string;
  media_type: string;
}

/** The attachments column of an outbox row, read back. */
export function attachmentsOf(column: string | null): MailAttachment[] {
  if (!column) return [];
  const parsed: unknown = JSON.parse(column);
  return Array.isArray(parsed) ? (parsed as MailAttachment[]) : [];
}

export interface SmsMessage {
  organisationId: number | null;
  /** As for mail: what the SMS is for. */
  kind: OutboxKind;
  to: string;
  text: string;
  secrets: readonly string[];
}

/** What a secret reads as in the outbox. */
export const MASK = '••••••';
export const MAIL_DELIVER_JOB = 'mail.deliver';
/** With the jobs' backoff (5 s, doubling) about 10 minutes of retries: an SMTP server restart, a short outage. */
export const MAIL_DELIVER_ATTEMPTS = 8;
/** A full text whose delivery job never ended (a job lost for good) is removed after this. */
const SECRET_MAX_AGE_HOURS = 24;

/** `text` with every occurrence of each secret replaced by the mask (longest first, so none shows partly). */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const parts = secrets.filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
  return parts.reduce((masked, secret) => masked.split(secret).join(MASK), text);
}

function toItem(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    kind: row.kind as OutboxKind,
    channel: row.channel as OutboxItem['channel'],
    to_address: row.to_address,
    subject: row.subject,
    body_text: row.body_text,
    status: row.status as OutboxItem['status'],
    created_at: row.created_at,
    sent_at: row.sent_at,
    error: row.error,
    attachments: attachmentsOf(row.attachments).map((file) => file.name),
  };
}

interface QueuedMessage {
  organisationId: number | null;
  kind: OutboxKind;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  secrets: readonly string[];
  attachments: readonly MailAttachment[];
}

/**
 * Mail and SMS leave through the durable job queue ('mail.deliver', retried with backoff): the outbox row
 * (masked) and the job commit with the caller's transaction, so a message exists exactly when the work it
 * reports does, and a slow or failing SMTP server never holds up a request.
 */
export function mailService(ctx: AppContext) {
  async function queue(message: QueuedMessage): Promise<number> {
    const id = await inTransaction(ctx, async (tx) => {
      const createdAt = nowIso(tx);
      const outboxId = await insertOutbox(tx.db, {
        organisation_id: message.organisationId,
        kind: message.kind,
        channel: message.channel,
        to_address: message.to,
        subject: message.subject,
        body_text: maskSecrets(message.text, message.secrets),
        body_html: message.html === null ? null : maskSecrets(message.html, message.secrets),
        created_at: createdAt,
        attachments: message.attachments.length > 0 ? JSON.stringify(message.attachments) : null,
      });
      await insertOutboxSecret(tx.db, {
        outbox_id: outboxId,
        body_text: message.text,
        body_html: message.html,
        created_at: createdAt,
      });
      await enqueueJob(
        tx,
        MAIL_DELIVER_JOB,
        { outboxId },
        { organisationId: message.organisationId, maxAttempts: MAIL_DELIVER_ATTEMPTS },
      );
      return outboxId;
    });
    // Inside a caller's transaction the job is not visible yet: the caller calls sendQueued() after commit.
    if (!ctx.db.isTransaction) wakeJobRunners();
    return id;
  }

  return {
    /** Queues an email (in the caller's transaction, if any); answers its outbox id. */
    async enqueue(message: MailMessage): Promise<number> {
      return queue({
        ...message,
        channel: 'email',
        html: message.html ?? null,
        attachments: message.attachments ?? [],
      });
    },

    /** Queues an SMS (in the caller's transaction, if any); answers its outbox id. */
    async enqueueSms(message: SmsMessage): Promise<number> {
      return queue({ ...message, channel: 'sms', subject: '', html: null, attachments: [] });
    },

    /** After the commit of a transaction that queued messages: start delivering now, not at the next poll. */
    sendQueued(): void {
      wakeJobRunners();
    },

    /** One page of the outbox in `view`, newest first (masked: no link or code in it works). */
    async list(view: OutboxView, page: PagedSearchQuery) {
      const search = page.search_key || undefined;
      const total = await countOutbox(ctx.db, view, search);
      const rows = await listOutbox(ctx.db, view, search, page.limits, (page.page_no - 1) * page.limits);
      return { data: rows.map(toItem), total };
    },

    /** Messages in `view` per channel and status. */
    async countByStatus(view: OutboxView) {
      return countOutboxByStatus(ctx.db, view);
    },

    /** Housekeeping: outbox rows older than the retention period, and full texts whose job was lost. */
    async purgeOld(): Promise<void> {
      const now = ctx.now();
      await deleteOutboxBefore(ctx.db, addHours(now, -24 * OUTBOX_RETENTION_DAYS).toISOString());
      await deleteOutboxSecretsBefore(ctx.db, addHours(now, -SECRET_MAX_AGE_HOURS).toISOString());
    },
  };
}
