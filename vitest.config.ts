import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const include = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'];
/** Files that replace a module with `vi.mock`: they need a module registry of their own. */
const mocking = ['apps/server/src/platform/storage/storage.service.test.ts'];

// Unit and API tests. API tests build the app on a fresh SQLite database per file, and repeat on
// PostgreSQL when TEST_DATABASE_URL is set (see apps/server/test/harness.ts).
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    fileParallelism: true,
    // The API tests wait on the databases much of the time: one worker more than the cores keeps them busy.
    // Vitest's default (cores - 1) ran the files one at a time on two cores: 267 s; 3 workers 176 s; 4 198 s.
    maxWorkers: availableParallelism() + 1,
    projects: [
      // The files of a worker share one module registry: the app's modules are imported once per worker, not
      // once per file (that import was 209 s of the suite's 678 s). Nothing keeps state between files outside
      // WeakMaps keyed by each file's own database or context, so sharing is safe; files that mock a module
      // run isolated below.
      { extends: true, test: { name: 'shared', include, exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
