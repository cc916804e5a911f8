import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';

/**
 * Blob storage by key (DESIGN §5): a local directory under DATA_DIR/files. Keys are generated here
 * (`<area>/<yyyy>/<uuid>`), never taken from user input, so a file name cannot traverse paths.
 * Writes go to a temporary file and are renamed into place: a half-written blob is never visible.
 */
export interface BlobStorage {
  /** Stores `data` under a new key in `area` and returns the key. */
  put: (area: string, data: Buffer) => Promise<string>;
  get: (key: string) => Promise<Buffer>;
  stream: (key: string) => Readable;
  size: (key: string) => Promise<number>;
  /** Removes the blob; a missing one is not an error (deletes run after the transaction committed). */
  delete: (key: string) => Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/\d{4}\/[0-9a-f-]{36}$/;

export function storageRoot(ctx: Pick<AppContext, 'config'>): string {
  return path.join(ctx.config.dataDir, 'files');
}

export function blobStorage(ctx: Pick<AppContext, 'config' | 'now' | 'storedInTransaction'>): BlobStorage {
  const root = storageRoot(ctx);
  const fileOf = (key: string): string => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(area, data) {
      if (!/^[a-z0-9-]+$/.test(area)) throw new Error(`Invalid storage area: ${area}`);
      const key = `${area}/${ctx.now().getUTCFullYear()}/${randomUUID()}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
      // Stored inside a transaction: inTransaction removes it again if that transaction rolls back.
      ctx.storedInTransaction?.push(key);
      return key;
    },
    get: async (key) => readFile(fileOf(key)),
    stream: (key) => createReadStream(fileOf(key)),
    size: async (key) => (await stat(fileOf(key))).size,
    delete: async (key) => rm(fileOf(key), { force: true }),
  };
}

/**
 * Removes stored files, after the transaction that removed their rows has committed (or after a failed
 * one, for a file stored just before it). A file that cannot be removed is logged, never thrown: the rows
 * are gone either way, so the request's answer must not change.
 */
export async function removeBlobs(
  ctx: Pick<AppContext, 'config' | 'now' | 'log'>,
  keys: readonly string[],
): Promise<void> {
  const storage = blobStorage(ctx);
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'blob not removed'));
  }
}
