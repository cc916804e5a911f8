import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';

/**
 * Blob storage by key (DESIGN §5): a local directory under DATA_DIR/files. Keys are generated here
 * (`<area>/<yyyy>/<uuid>`), never taken from user input, so a file name cannot traverse paths.
 * Writes go to a temporary file, flushed to disk, and are renamed into place, and the rename is flushed
 * too: a half-written blob is never visible, and a blob whose row committed survives a power cut. Files
 * that outlive their rows (a crash between commit and delete) are found by the sweep (storage-sweep.ts).
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

export const KEY_PATTERN = /^[a-z0-9-]+\/\d{4}\/[0-9a-f-]{36}$/;

/** Flushes a directory's entries (a rename or a new file in it) to disk; Windows cannot open directories. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `data` to a new file and flushes it to disk before returning. */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The directories whose entries changed when `mkdir` created `firstCreated` … `dir`: their parents. */
function parentsOfCreated(dir: string, firstCreated: string | undefined): string[] {
  if (!firstCreated) return [];
  const parents: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    parents.push(path.dirname(current));
    if (current === firstCreated || path.dirname(current) === current) return parents;
  }
}

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
      const dir = path.dirname(file);
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        const firstCreated = await mkdir(dir, { recursive: true });
        await writeDurably(temporary, data);
        await rename(temporary, file);
        for (const changed of [dir, ...parentsOfCreated(dir, firstCreated)]) await syncDirectory(changed);
      } catch (error) {
        // Nothing of a failed write stays behind (a full disk must not fill up with .tmp files).
        await rm(temporary, { force: true }).catch(() => undefined);
        await rm(file, { force: true }).catch(() => undefined);
        throw error;
      }
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
 * one, for a file stored just before it). A file that cannot be removed is logged with its path and left
 * for the storage sweep, never thrown: the rows are gone either way, so the request's answer must not
 * change. Answers the keys that were not removed.
 */
export async function removeBlobs(
  ctx: Pick<AppContext, 'config' | 'now' | 'log'>,
  keys: readonly string[],
): Promise<string[]> {
  const storage = blobStorage(ctx);
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      failed.push(key);
      ctx.log.error(
        { err: error, key, path: path.join(storageRoot(ctx), key) },
        'stored file not removed: the storage sweep removes it once no row refers to it',
      );
    }
  }
  return failed;
}
