import { createHash, randomBytes } from 'node:crypto';

/** A new secret token: 32 random bytes, base64url. Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the database keeps in place of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
