import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { blobStorage, storageRoot } from './storage.service.ts';

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
});
