import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A numeric one-time code (OTP, SMS code) of `length` digits, uniformly random. */
export function newNumericCode(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

/** Salted SHA-256 of a short code, as `salt$hash`: the code itself is never stored. */
export function hashCode(code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('base64url')}`;
}

/** True when `code` is the one behind `stored` (constant time). */
export function codeMatches(stored: string | null | undefined, code: string): boolean {
  if (!stored) return false;
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const candidate = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(hash, 'base64url');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** '+44 7700 900123' → '••••••••0123'; 'jane@firm.example' → 'ja•••@firm.example'. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, Math.min(2, at))}•••${address.slice(at)}`;
  const digits = address.replace(/\D/g, '');
  return `${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
