import type { AppContext } from '../context.ts';
import { mailService, type SmsMessage } from '../mail/mail.service.ts';

export type { SmsMessage };

/**
 * The SMS adapter: an SMS is queued like an email (outbox row with its code masked, a 'mail.deliver' job)
 * and leaves through SMS_WEBHOOK_URL (HTTP POST of JSON {to, text}), or is printed on the console without it.
 */
export function smsService(ctx: AppContext) {
  return {
    /** The SMS is queued (inside the caller's transaction, if any); answers its outbox id. */
    async send(message: SmsMessage): Promise<number> {
      return mailService(ctx).enqueueSms(message);
    },
  };
}
