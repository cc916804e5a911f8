import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = path.join(SRC, 'kb') + path.sep;
/** Static and dynamic imports (`import x from`, `export … from`, `import('…')`) with a relative specifier. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every source file reachable from `entry` through relative imports (packages are not followed). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (existsSync(target) && /\.(ts|tsx)$/.test(target)) queue.push(target);
    }
  }
  return seen;
}

// Issue 17: the knowledge application is its own bundle; the main app never loads its code.
describe('the two applications', () => {
  it('the main app reaches no file of src/kb, even lazily', () => {
    const main = reachable(path.join(SRC, 'main.tsx'));
    expect(main.size).toBeGreaterThan(100);
    expect([...main].filter((file) => file.startsWith(KB))).toEqual([]);
  });

  it('the knowledge application reaches none of the main app shell or its features', () => {
    const kb = reachable(path.join(KB, 'main.tsx'));
    // The theme is shared; api/client.ts (ApiError, used by ui/) reads the main session's storage module.
    const shared = new Set(['app/theme.ts', 'app/session/storage.ts']);
    const outside = [...kb]
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => /^(app|features)\//.test(file) && !shared.has(file));
    expect(outside).toEqual([]);
  });
});
