import { inTransaction, nowIso, type AppContext } from '../context.ts';
import type { JobHandler } from '../jobs/jobs.service.ts';
import {
  deleteOutboxSecret,
  findOutbox,
  findOutboxSecret,
  markOutbox,
  type OutboxRow,
  type OutboxSecretRow,
} from './outbox.repo.ts';
import { blobStorage } from '../storage/storage.service.ts';
import { attachmentsOf } from './mail.service.ts';
import { writeToConsole } from './transports.ts';

interface DeliverPayload {
  outboxId: number;
}

export const MESSAGE_EXPIRED = 'The message expired before it could be sent.';

/** Hands the full message to SMTP / the SMS webhook, or prints it on the console when neither is set. */
async function transmit(ctx: AppContext, row: OutboxRow, full: OutboxSecretRow): Promise<void> {
  if (row.channel === 'sms') {
    if (ctx.sms) await ctx.sms.sendSms({ to: row.to_address, text: full.body_text });
    else writeToConsole({ channel: 'sms', to: row.to_address, subject: '', text: full.body_text });
    return;
  }
  const files = attachmentsOf(row.attachments);
  if (ctx.mailer) {
    const storage = blobStorage(ctx);
    const attachments = await Promise.all(
      files.map(async (file) => ({
        filename: file.name,
        content: await storage.get(file.storage_key),
        contentType: file.media_type,
      })),
    );
    await ctx.mailer.sendMail({
      from: ctx.config.mailFrom,
      to: row.to_address,
      subject: row.subject,
      text: full.body_text,
      ...(full.body_html ? { html: full.body_html } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  } else {
    writeToConsole({
      channel: 'email',
      to: row.to_address,
      subject: row.subject,
      text: full.body_text,
      attachments: files.map((file) => file.name),
    });
  }
}

/**
 * The 'mail.deliver' job: sends one outbox message. The outbox row follows it (queued with the last error
 * while retries remain, then sent or failed); the full text is deleted as soon as the job ends either way.
 */
export const mailDeliveryJob: JobHandler<DeliverPayload> = {
  async run(ctx, { outboxId }) {
    const row = await findOutbox(ctx.db, outboxId);
    // Purged, or already delivered by an earlier run whose end was not recorded.
    if (!row || row.status === 'sent') return;
    const full = await findOutboxSecret(ctx.db, outboxId);
    if (!full) {
      await markOutbox(ctx.db, outboxId, 'failed', nowIso(ctx), MESSAGE_EXPIRED);
      return;
    }
    await transmit(ctx, row, full);
    await inTransaction(ctx, async (tx) => {
      await deleteOutboxSecret(tx.db, outboxId);
      await markOutbox(tx.db, outboxId, 'sent', nowIso(tx), null);
    });
  },
  async onRetry(ctx, { outboxId }, error) {
    await markOutbox(ctx.db, outboxId, 'queued', nowIso(ctx), error);
  },
  async onGivenUp(ctx, { outboxId }, error) {
    await inTransaction(ctx, async (tx) => {
      await deleteOutboxSecret(tx.db, outboxId);
      await markOutbox(tx.db, outboxId, 'failed', nowIso(tx), error);
    });
  },
};
