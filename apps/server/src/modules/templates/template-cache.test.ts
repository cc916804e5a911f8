import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.types.ts';
import { preparedVersion, type VersionKey } from './template-cache.ts';

/** A loader that counts its reads and answers a distinct file each time. */
function loader() {
  const reads: VersionKey[] = [];
  const load = (key: VersionKey) => async () => {
    reads.push(key);
    return Buffer.from(`file ${reads.length}`);
  };
  return { reads, load };
}

describe('prepared template versions', () => {
  it('reads a version once, and a new version again', async () => {
    const db = {} as Db;
    const { reads, load } = loader();
    const v1 = { organisationId: 1, templateId: 7, version: 1 };
    const first = await preparedVersion(db, v1, load(v1));
    const again = await preparedVersion(db, { ...v1 }, load(v1));
    expect(again).toBe(first);
    expect(reads).toHaveLength(1);

    const v2 = { ...v1, version: 2 };
    const second = await preparedVersion(db, v2, load(v2));
    expect(second).not.toBe(first);
    expect(second.file.toString()).toBe('file 2');
    expect(reads).toEqual([v1, v2]);
    expect(await preparedVersion(db, v1, load(v1))).toBe(first);
  });

  it('never shares a version between organisations or databases', async () => {
    const db = {} as Db;
    const { reads, load } = loader();
    const ours = { organisationId: 1, templateId: 7, version: 1 };
    const theirs = { organisationId: 2, templateId: 7, version: 1 };
    const mine = await preparedVersion(db, ours, load(ours));
    const other = await preparedVersion(db, theirs, load(theirs));
    expect(other).not.toBe(mine);
    expect(other.file.toString()).toBe('file 2');
    expect(await preparedVersion({} as Db, ours, load(ours))).not.toBe(mine);
    expect(reads).toHaveLength(3);
  });

  it('does not keep a version whose file could not be read', async () => {
    const db = {} as Db;
    const key = { organisationId: 1, templateId: 8, version: 1 };
    await expect(
      preparedVersion(db, key, () => {
        throw new Error('missing');
      }),
    ).rejects.toThrow('missing');
    const { reads, load } = loader();
    await preparedVersion(db, key, load(key));
    expect(reads).toHaveLength(1);
  });
});
