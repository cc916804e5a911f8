import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import type { AppContext } from '../context.ts';
import { blobStorage, removeBlobs, storageRoot } from './storage.service.ts';

/** Set by a test to make the next rename fail (as a full disk or a lost mount would); `events` records flushes. */
const failures = vi.hoisted(() => ({ rename: false, events: [] as string[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      const handle = await actual.open(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        failures.events.push(`sync ${String(args[0])}`);
        return sync();
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      failures.events.push(`rename ${from}`);
      if (failures.rename) {
        failures.rename = false;
        throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
      }
      return actual.rename(from, to);
    },
  };
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-storage-'));
const ctx = { config: { dataDir } as Config, now: () => new Date('2026-05-01T00:00:00Z') };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('blob storage', () => {
  it('stores, reads, sizes and deletes a blob under a generated key', async () => {
    const storage = blobStorage(ctx);
    const key = await storage.put('documents', Buffer.from('hello'));
    expect(key).toMatch(/^documents\/2026\/[0-9a-f-]{36}$/);
    expect((await storage.get(key)).toString()).toBe('hello');
    expect(await storage.size(key)).toBe(5);
    expect(readdirSync(path.join(storageRoot(ctx), 'documents', '2026'))).toHaveLength(1);
    await storage.delete(key);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toThrow();
  });

  it('refuses keys and areas that could leave the storage folder', async () => {
    const storage = blobStorage(ctx);
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(storage.put('../x', Buffer.from(''))).rejects.toThrow('Invalid storage area');
  });

  it('flushes the file before renaming it into place, then its directory and the new directories above', async () => {
    failures.events.length = 0;
    const key = await blobStorage(ctx).put('flushed', Buffer.from('durable'));
    const file = path.join(storageRoot(ctx), key);
    const temporary = `${file}.${process.pid}.tmp`;
    expect(failures.events).toEqual([
      `sync ${temporary}`,
      `rename ${temporary}`,
      `sync ${path.dirname(file)}`,
      `sync ${path.join(storageRoot(ctx), 'flushed')}`,
      `sync ${storageRoot(ctx)}`,
    ]);
  });

  it('leaves nothing behind when a write fails', async () => {
    const storage = blobStorage(ctx);
    failures.rename = true;
    await expect(storage.put('failing', Buffer.from('half a file'))).rejects.toThrow('ENOSPC');
    expect(
      readdirSync(path.join(storageRoot(ctx), 'failing'), { recursive: true, withFileTypes: true }).filter((entry) =>
        entry.isFile(),
      ),
    ).toEqual([]);
  });

  it('logs, with its path, a file it cannot remove and goes on with the others', async () => {
    const storage = blobStorage(ctx);
    const stuck = await storage.put('stuck', Buffer.from('a'));
    const removable = await storage.put('stuck', Buffer.from('b'));
    // A directory where the file was: rm refuses it.
    rmSync(path.join(storageRoot(ctx), stuck));
    mkdirSync(path.join(storageRoot(ctx), stuck));
    writeFileSync(path.join(storageRoot(ctx), stuck, 'inside'), 'x');
    const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
    const failed = await removeBlobs({ ...ctx, log: log as unknown as AppContext['log'] }, [stuck, removable]);
    expect(failed).toEqual([stuck]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ key: stuck, path: path.join(storageRoot(ctx), stuck) }),
      expect.stringContaining('storage sweep'),
    );
    await expect(storage.get(removable)).rejects.toThrow();
  });
});
