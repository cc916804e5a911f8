import { describe, expect, it } from 'vitest';
import { defaultVersion, isBehind, pinLabel, versionOf, versionOptions } from './versions.ts';

const versions = [
  { version: 1, published_at: '2025-01-02T10:00:00Z', published_by: 'Ann' },
  { version: 2, published_at: '2025-02-03T10:00:00Z', published_by: null },
];

describe('playbook versions', () => {
  it('opens on the latest version, or the draft before the first', () => {
    expect(defaultVersion({ current_version: 2 })).toBe('2');
    expect(defaultVersion({ current_version: null })).toBe('draft');
    expect(versionOf('draft')).toBeNull();
    expect(versionOf('2')).toBe(2);
  });

  it('offers the draft, then the versions newest first', () => {
    const options = versionOptions({ versions, has_unpublished_changes: true });
    expect(options.map((o) => o.value)).toEqual(['draft', '2', '1']);
    expect(options[0]?.label).toBe('Draft (unpublished changes)');
    expect(options[1]?.label).toMatch(/^Version 2 · \d\d-\d\d-25 /);
    expect(options[2]?.label).toMatch(/ · Ann$/);
    expect(versionOptions({ versions: [], has_unpublished_changes: false })).toEqual([
      { value: 'draft', label: 'Draft' },
    ]);
  });

  it('reads a case pin as "version N of M"', () => {
    expect(pinLabel({ version: 3, latest_version: 4 })).toBe('version 3 of 4');
    expect(isBehind({ version: 3, latest_version: 4 })).toBe(true);
    expect(isBehind({ version: 4, latest_version: 4 })).toBe(false);
  });
});
