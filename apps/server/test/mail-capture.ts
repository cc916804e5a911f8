import { sql } from 'kysely';
import type { AppContext, MailTransport, SmsTransport } from '../src/platform/context.ts';
import { runDueJobs } from '../src/platform/jobs/jobs.service.ts';
import { MAIL_DELIVER_JOB } from '../src/platform/mail/mail.service.ts';
import { RESET_LINK_JOB } from '../src/modules/accounts/accounts.service.ts';
import { crossTenant } from '../src/db/tenant-scope.ts';

/** A message as it left the server (SMTP or SMS webhook): what the recipient reads, secrets included. */
export interface DeliveredMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** Files the message carried (name, type, bytes). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * The test apps' transports: every message that is delivered is kept (newest last), as a mailbox and a
 * phone would receive it. `mailer` (a test's own SMTP fake) runs first: a message it refuses is not kept.
 */
export function captureTransports(delivered: DeliveredMessage[], mailer: MailTransport | null | undefined) {
  const mail: MailTransport = {
    async sendMail(message) {
      if (mailer) await mailer.sendMail(message);
      delivered.push({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
    },
  };
  const sms: SmsTransport = {
    async sendSms(message) {
      delivered.push({ channel: 'sms', to: message.to, subject: '', body_text: message.text, body_html: null });
    },
  };
  return { mail, sms };
}

const MAIL_JOBS = [MAIL_DELIVER_JOB, RESET_LINK_JOB];

/** Jobs that send mail and are due now or running (in another worker of the test app). */
async function mailJobsInHand(ctx: AppContext): Promise<number> {
  const now = ctx.now().toISOString();
  const row = await sql<{ n: number | string }>`select count(*) as n from jobs
    where kind in (${sql.join(MAIL_JOBS)})
      and (state = 'running' or (state = 'queued' and run_after <= ${now}))`.execute(
    crossTenant(ctx.db, 'test harness: the mail jobs of every organisation'),
  );
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * Runs the due mail jobs until none is due or running: every message queued so far has been delivered or
 * has failed (a retry waits for its backoff on the test clock). Waits on that condition, never a sleep.
 */
export async function settleMail(ctx: AppContext, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runDueJobs(ctx);
    if ((await mailJobsInHand(ctx)) === 0) return;
    if (Date.now() > deadline) throw new Error('mail jobs still running after 10 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
