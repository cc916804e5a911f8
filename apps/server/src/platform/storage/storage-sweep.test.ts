import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { account, draft } from '../../modules/invoices/invoice-test-helpers.ts';
import { appTableColumns } from '../../../test/schema-columns.ts';
import { housekeeping } from '../housekeeping.ts';
import { blobKeyColumns } from './blob-references.ts';
import { blobStorage, storageRoot } from './storage.service.ts';
import { SWEEP_GRACE_MS, sweepStorage } from './storage-sweep.ts';

/** `*_key` columns that hold something else than a stored file's key: lower-cased names, amendment groups. */
const NOT_FILE_KEYS = ['name_key', 'group_key'];

describeEachDatabase('storage sweep', (h) => {
  const fileOf = (key: string) => path.join(storageRoot(h().ctx), key);
  /** Makes a stored file look `ms` old on the test clock. */
  const age = (key: string, ms: number) => {
    const when = new Date(h().clock.now().getTime() - ms);
    utimesSync(fileOf(key), when, when);
  };
  const store = async (harness: Harness, text: string) => blobStorage(harness.ctx).put('sweep-test', Buffer.from(text));
  const refer = async (harness: Harness, key: string) =>
    harness.ctx.db
      .insertInto('template_packages')
      .values({
        organisation_id: harness.ids.demoOrg,
        kind: 'export',
        scope: 'template',
        name: 'Sweep test',
        file_key: key,
        file_size: 1,
        target_organisation_id: null,
        created_by: null,
        created_at: harness.clock.now().toISOString(),
      })
      .execute();

  it('removes old files no row refers to, keeps young and referenced ones, and reports missing files', async () => {
    const hour = SWEEP_GRACE_MS;
    const referencedOld = await store(h(), 'kept: a row refers to it');
    await refer(h(), referencedOld);
    age(referencedOld, 30 * 24 * hour);
    const orphanOld = await store(h(), 'removed: its row was deleted, the file was not');
    age(orphanOld, 2 * hour);
    const orphanYoung = await store(h(), 'kept: its transaction may still be open');
    age(orphanYoung, hour / 2);
    const missing = 'sweep-test/2026/00000000-0000-4000-8000-000000000000';
    await refer(h(), missing);
    const leftover = `${await store(h(), 'x')}.4242.tmp`;
    writeFileSync(fileOf(leftover), 'half a file from a crash');
    age(leftover, 2 * hour);
    const stranger = path.join(storageRoot(h().ctx), 'README.txt');
    writeFileSync(stranger, 'not a blob');

    const report = await sweepStorage(h().ctx);

    expect(report.removed.sort()).toEqual([leftover, orphanOld].sort());
    expect(existsSync(fileOf(orphanOld))).toBe(false);
    expect(existsSync(fileOf(leftover))).toBe(false);
    expect(existsSync(fileOf(referencedOld))).toBe(true);
    expect(existsSync(fileOf(orphanYoung))).toBe(true);
    expect(report.youngOrphans).toBeGreaterThanOrEqual(1);
    expect(report.missing).toEqual([{ table: 'template_packages', column: 'file_key', key: missing }]);
    expect(report.unexpected).toContain('README.txt');
    expect(existsSync(stranger)).toBe(true);
    expect(report.failed).toEqual([]);
  });

  it('runs with housekeeping', async () => {
    const orphan = await store(h(), 'left behind by a crash after commit');
    age(orphan, 2 * SWEEP_GRACE_MS);
    await housekeeping(h().ctx);
    expect(existsSync(fileOf(orphan))).toBe(false);
  });

  it('reads a NULL in a nullable file column as no file (a draft invoice has no PDF)', async () => {
    // A module that declares a nullable file column, with NULL rows beside a real key.
    const db = h().database.db;
    await sql`create table sweep_nullable (id integer primary key, pdf_storage_key text)`.execute(db);
    try {
      const kept = await store(h(), 'kept: the one row with a key refers to it');
      age(kept, 2 * SWEEP_GRACE_MS);
      const orphan = await store(h(), 'removed: no row refers to it');
      age(orphan, 2 * SWEEP_GRACE_MS);
      await sql`insert into sweep_nullable (id, pdf_storage_key) values (1, null), (2, ${kept}), (3, null)`.execute(db);
      const declaring = { name: 'sweep-nullable', data: { tables: [], files: ['sweep_nullable.pdf_storage_key'] } };
      const report = await sweepStorage({ ...h().ctx, modules: [...h().ctx.modules, declaring] });
      expect(report.removed).toContain(orphan);
      expect(existsSync(fileOf(kept))).toBe(true);
      expect(report.missing.filter((row) => row.table === 'sweep_nullable')).toEqual([]);
    } finally {
      await sql`drop table sweep_nullable`.execute(db);
    }
  });

  it('housekeeping sweeps storage beside a draft invoice', async () => {
    const { access } = await h().login(DEMO.admin);
    const client = await account(h(), access);
    await draft(h(), access, {
      account_id: client.id,
      lines: [{ kind: 'fixed_fee', description: 'Draft', unit_price: '1.00' }],
    });
    const orphan = await store(h(), 'left behind by a crash after commit');
    age(orphan, 2 * SWEEP_GRACE_MS);
    expect(await housekeeping(h().ctx)).toEqual([]);
    expect(existsSync(fileOf(orphan))).toBe(false);
  });

  it('knows every column that holds a stored file key', async () => {
    const keyColumns = (await appTableColumns(h().database)).filter(
      ({ column }) => column.endsWith('_key') && !NOT_FILE_KEYS.includes(column),
    );
    expect(keyColumns.sort((a, b) => a.table.localeCompare(b.table))).toEqual(
      blobKeyColumns(h().ctx.modules).sort((a, b) => a.table.localeCompare(b.table)),
    );
  });
});
