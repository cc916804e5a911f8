import type { AppContext } from '../context.ts';
import { mailService, type SmsMessage } from '../mail/mail.service.ts';

export type { SmsMessage };

/**
 * The SMS adapter: today every SMS lands in the outbox (channel 'sms'), where Admin Setting shows it and an
 * operator or a gateway picks it up. A gateway adapter would replace `send` only; callers do not change.
 */
export function smsService(ctx: AppContext) {
  return {
    /** The SMS is queued (inside the caller's transaction, if any); answers its outbox id. */
    async send(message: SmsMessage): Promise<number> {
      return mailService(ctx).sendSms(message);
    },
  };
}
