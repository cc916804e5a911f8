import type { SmsTransport } from '../context.ts';

/** A provider that does not answer within this is treated as failed (the job retries later). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * SMS_WEBHOOK_URL: each SMS is one HTTP POST of JSON `{to, text}`; any 2xx answer means sent. This is where
 * an SMS provider plugs in (directly, or through a small adapter that speaks its API).
 */
export function webhookSmsTransport(url: string): SmsTransport {
  return {
    async sendSms(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status} ${response.statusText}`.trim());
      return response.status;
    },
  };
}

export interface ConsoleMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** Names of the files the message carries (the console shows the names, not the bytes). */
  attachments?: readonly string[];
}

/**
 * Without SMTP_URL (or SMS_WEBHOOK_URL) the whole message is printed on the server's console, as Django's
 * console mail backend does: whoever reads the console already runs the server. It bypasses the structured
 * log on purpose, so links and codes never reach a log shipper.
 */
export function writeToConsole(message: ConsoleMessage, write: (text: string) => void = defaultWrite): void {
  const rule = '-'.repeat(72);
  const attached = message.attachments?.length ? `\nAttached: ${message.attachments.join(', ')}\n` : '';
  const head =
    message.channel === 'email' ? `Email to ${message.to}\nSubject: ${message.subject}` : `SMS to ${message.to}`;
  write(
    `\n${rule}\n${head} (no ${message.channel === 'email' ? 'SMTP_URL' : 'SMS_WEBHOOK_URL'} set)\n\n${message.text.trimEnd()}\n${attached}${rule}\n`,
  );
}

function defaultWrite(text: string): void {
  process.stdout.write(text);
}
