import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

const keys = new Map<string, Buffer>();

/** MFA_ENCRYPTION_KEY, or a random key kept in DATA_DIR/mfa.key (created once, owner-only). */
function keyOf(config: Config): Buffer {
  if (config.mfaEncryptionKey) return Buffer.from(config.mfaEncryptionKey, 'hex');
  const file = path.join(config.dataDir, 'mfa.key');
  let key = keys.get(file);
  if (key) return key;
  if (existsSync(file)) key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  else {
    mkdirSync(config.dataDir, { recursive: true });
    key = randomBytes(32);
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  keys.set(file, key);
  return key;
}

/** AES-256-GCM: `v1.iv.tag.ciphertext` (base64url). Authenticator secrets are stored only like this. */
export function sealSecret(config: Config, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when the value cannot be opened (wrong key, tampered). */
export function openSecret(config: Config, sealed: string | null): string | null {
  if (!sealed) return null;
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
