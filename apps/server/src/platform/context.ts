import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.types.ts';
import type { LexdeskModule } from './modules/module.ts';
import { removeBlobs } from './storage/storage.service.ts';

/** What sends mail when SMTP_URL is set (a nodemailer transporter, or a fake in tests). */
export interface MailTransport {
  sendMail: (message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** Files sent with the message (nodemailer's shape), read from storage at delivery. */
    attachments?: { filename: string; content: Buffer; contentType: string }[];
  }) => Promise<unknown>;
}

/** What sends SMS when SMS_WEBHOOK_URL is set (an HTTP POST, or a fake in tests). */
export interface SmsTransport {
  sendSms: (message: { to: string; text: string }) => Promise<unknown>;
}

/** Everything a service needs besides the Actor: configuration, database (or open transaction), clock, log. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The clock; tests replace it to make expiry testable without waiting. */
  now: () => Date;
  log: FastifyBaseLogger;
  mailer: MailTransport | null;
  /** Sends SMS; absent or null: SMS (like mail without SMTP) are written to the console. */
  sms?: SmsTransport | null;
  /** The registry's modules (modules/registry.ts): deletion, usage and the history screens read them. */
  modules: readonly LexdeskModule[];
  /** Inside a transaction: the keys of files stored during it, removed again if it rolls back. */
  storedInTransaction?: string[];
}

/**
 * Runs `work` in one transaction (or in the caller's, when already inside one): all rows or none. Files
 * stored during it (blobStorage().put with the transaction's context) are removed if it rolls back, so a
 * failure after, say, the second of three documents leaves neither rows nor files behind. When the commit
 * itself fails (a lost connection), whether the rows were kept is unknown: the files stay, and the storage
 * sweep removes them later only if no row refers to them.
 */
export async function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const stored: string[] = [];
  let committing = false;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const result = await work({ ...ctx, db: trx, storedInTransaction: stored });
      committing = true;
      return result;
    });
  } catch (error) {
    if (!committing) await removeBlobs(ctx, stored);
    else if (stored.length > 0)
      ctx.log.error({ err: error, keys: stored }, 'commit failed: stored files left for the storage sweep');
    throw error;
  }
}

/** `ctx.now()` as the ISO-8601 UTC text every timestamp column holds. */
export function nowIso(ctx: AppContext): string {
  return ctx.now().toISOString();
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * 3_600_000);
}

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}
