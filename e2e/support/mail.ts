import { expect } from '@playwright/test';
import { mailSinkPorts } from './mail-sink-ports.ts';

/** A message as the mail sink received it (SMTP or the SMS webhook). */
export interface SinkMessage {
  channel: 'email' | 'sms';
  to: string[];
  subject: string;
  text: string;
  /** The files attached to an email, each with the SHA-256 (hex) of its bytes; none for an SMS. */
  attachments: { filename: string; content_type: string; size: number; sha256: string }[];
  received_at: string;
}

const sinkUrl = `http://127.0.0.1:${mailSinkPorts(Number(process.env.E2E_PORT ?? 3210)).http}`;

/** Everything `to` (an email address or a phone number) has received so far, newest first. */
export async function messagesTo(to: string): Promise<SinkMessage[]> {
  const res = await fetch(`${sinkUrl}/messages?to=${encodeURIComponent(to.toLowerCase())}`);
  expect(res.status, 'the mail sink answers').toBe(200);
  return (await res.json()) as SinkMessage[];
}

/** The newest message to `to` that `accept` likes, waiting until it has arrived (mail leaves through a job). */
export async function waitForMessageTo(to: string, accept: (message: SinkMessage) => boolean = () => true) {
  let found: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(to)).find(accept);
        return found !== undefined;
      },
      { message: `a message to ${to}` },
    )
    .toBe(true);
  return found!;
}
