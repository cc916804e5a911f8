import { defineConfig } from 'vitest/config';

// Unit and API tests. API tests build the app on a fresh SQLite database per file, and repeat on
// PostgreSQL when TEST_DATABASE_URL is set (see apps/server/test/harness.ts).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    fileParallelism: true,
  },
});
