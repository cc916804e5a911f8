import type { OutboxItem, PagedSearchQuery } from '@lexdesk/contract';
import type { OrgScope } from '../access/actor.ts';
import { nowIso, type AppContext } from '../context.ts';
import { countOutbox, findOutbox, insertOutbox, listOutbox, markOutbox, type OutboxRow } from './outbox.repo.ts';

export interface MailMessage {
  /** The organisation the message concerns; null for provider-side mail. */
  organisationId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  organisationId: number | null;
  to: string;
  text: string;
}

function toItem(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    channel: row.channel as OutboxItem['channel'],
    to_address: row.to_address,
    subject: row.subject,
    body_text: row.body_text,
    status: row.status as OutboxItem['status'],
    created_at: row.created_at,
    sent_at: row.sent_at,
    error: row.error,
  };
}

/** Mail and SMS: every message lands in the outbox table; with SMTP_URL, email is also sent by SMTP. */
export function mailService(ctx: AppContext) {
  const service = {
    /** The message is in the outbox (committed with the caller's transaction); call deliver() after commit. */
    async enqueue(message: MailMessage): Promise<number> {
      return insertOutbox(ctx.db, {
        organisation_id: message.organisationId,
        channel: 'email',
        to_address: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
        created_at: nowIso(ctx),
      });
    },

    /** With SMTP configured, sends a queued email and records sent or failed; never throws. */
    async deliver(outboxId: number): Promise<void> {
      if (!ctx.mailer) return;
      const row = await findOutbox(ctx.db, outboxId);
      if (!row || row.channel !== 'email' || row.status !== 'queued') return;
      try {
        await ctx.mailer.sendMail({
          from: ctx.config.mailFrom,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          ...(row.body_html ? { html: row.body_html } : {}),
        });
        await markOutbox(ctx.db, outboxId, 'sent', nowIso(ctx), null);
      } catch (error) {
        ctx.log.warn({ err: error, outboxId }, 'sending mail failed');
        await markOutbox(
          ctx.db,
          outboxId,
          'failed',
          nowIso(ctx),
          error instanceof Error ? error.message : String(error),
        );
      }
    },

    /** Outbox row, then SMTP when configured (outside any transaction). */
    async send(message: MailMessage): Promise<number> {
      const id = await service.enqueue(message);
      await service.deliver(id);
      return id;
    },

    /** The SMS is in the outbox (no SMS gateway yet: an operator reads it there). */
    async sendSms(message: SmsMessage): Promise<number> {
      return insertOutbox(ctx.db, {
        organisation_id: message.organisationId,
        channel: 'sms',
        to_address: message.to,
        subject: '',
        body_text: message.text,
        body_html: null,
        created_at: nowIso(ctx),
      });
    },

    /** One page of the outbox in `scope`, newest first. */
    async list(scope: OrgScope, page: PagedSearchQuery) {
      const search = page.search_key || undefined;
      const total = await countOutbox(ctx.db, scope, search);
      const rows = await listOutbox(ctx.db, scope, search, page.limits, (page.page_no - 1) * page.limits);
      return { data: rows.map(toItem), total };
    },
  };
  return service;
}
