import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';

/** Opens or closes self-registration through Admin Setting, as the super user. */
export async function setRegistrationOpen(h: Harness, open: boolean): Promise<void> {
  const { access } = await h.login(DEMO.super);
  const res = await h.request('PUT', '/api/admin/settings/', { token: access, body: { registration_open: open } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The 6-digit code in the newest outbox message (SMS or email) to `to`. */
export async function latestCodeTo(h: Harness, to: string): Promise<string> {
  const [message] = await h.mailsTo(to);
  const code = message?.body_text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A unique phone number able to receive SMS. */
export function uniquePhone(): string {
  return `+44 7700 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}
