import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Journeys run against the production build served by the real server, on a fresh database per run.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The config is evaluated in the runner and again in each worker: create the data folder once and hand it on.
const dataDir = (process.env.LEXDESK_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'lexdesk-e2e-')));

export default defineConfig({
  testDir: './tests',
  // Runs on another port keep their own results: a run empties its output folder when it starts.
  outputDir: process.env.E2E_PORT ? `test-results-${port}` : 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Long journeys take about 25 s on an idle machine and more than twice that on a busy two-core CI runner,
  // where 60 s cut one short mid-step. The limit only catches a hung test; waits inside stay condition-based.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/app-config/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // The demo's passwords are random unless pinned: the journeys sign in with this one.
      DEMO_PASSWORD: 'Demo#2026pass',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every journey's browser shares one address (127.0.0.1): the per-address limit would throttle the suite.
      // The limit itself is covered by the API tests.
      RATE_LIMIT_PER_MINUTE: '100000',
      // E2E_DATABASE_URL runs the journeys on PostgreSQL (an empty database); SQLite otherwise.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      // A build of the web app elsewhere than apps/web/dist (several checkouts' journeys on one machine).
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
