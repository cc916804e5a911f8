import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TotpEnrolment } from '@lexdesk/contract';

const ISSUER = 'Lexdesk';
const PERIOD_SECONDS = 30;

/** A new authenticator secret for `email`, with its otpauth URI and QR code. */
export async function newTotpEnrolment(email: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 });
  return { secret, otpauth_uri: otpauthUri, qr_code: qrCode };
}

/**
 * The time step at which `code` is valid for `secret` at `now` (one step of clock drift either way), or null.
 * Callers refuse a step at or before the last accepted one, so each code works once.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : null;
}
