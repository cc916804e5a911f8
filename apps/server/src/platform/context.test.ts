import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { inTransaction } from './context.ts';
import { blobStorage, storageRoot } from './storage/storage.service.ts';

describeEachDatabase('inTransaction and stored files', (h) => {
  const stored = (key: string) => existsSync(path.join(storageRoot(h().ctx), key));

  it('removes the files stored in a transaction that rolls back', async () => {
    let key = '';
    await expect(
      inTransaction(h().ctx, async (tx) => {
        key = await blobStorage(tx).put('tx-test', Buffer.from('a'));
        throw new Error('second document refused');
      }),
    ).rejects.toThrow('second document refused');
    expect(key).not.toBe('');
    expect(stored(key)).toBe(false);
  });

  it('keeps the files when the commit itself fails (the rows may have been kept): the sweep decides', async (test) => {
    // SQLite checks deferred foreign keys at COMMIT: a way to make the commit fail after the work succeeded.
    if (h().database.dialect !== 'sqlite') test.skip();
    let key = '';
    await expect(
      inTransaction(h().ctx, async (tx) => {
        key = await blobStorage(tx).put('tx-test', Buffer.from('b'));
        await sql`pragma defer_foreign_keys = on`.execute(tx.db);
        await sql`insert into case_status_history (organisation_id, case_id, to_status, changed_at)
          values (${h().ids.demoOrg}, 999999, 'open', ${h().clock.now().toISOString()})`.execute(tx.db);
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
    expect(stored(key)).toBe(true);
  });
});
