import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailSinkPorts } from './support/mail-sink-ports.ts';

// Journeys run against the production build served by the real server, on a fresh database per run.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// The app sends mail and SMS to a real SMTP sink and SMS webhook; journeys read them there (support/mail.ts).
const sink = mailSinkPorts(port);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The config is evaluated in the runner and again in each worker: create the data folder once and hand it on.
const dataDir = (process.env.LEXDESK_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'lexdesk-e2e-')));

/**
 * On PostgreSQL (E2E_DATABASE_URL) the smoke set runs: the journeys tagged `@smoke`, those whose screens lean on
 * what differs between the databases (full-text search and indexing, the analyser's counts, transactions under
 * autosave races, deletes that cascade): sign-in, a link, users, organisations, registration, cases, emails,
 * saved searches, review, playbooks, templates and drafts, tasks. Every query runs on PostgreSQL in the API
 * tests; E2E_ALL_JOURNEYS=1 runs every journey there too. This keeps .ci/run within its 25 minutes.
 */
const journeysOnThisDatabase = process.env.E2E_DATABASE_URL && !process.env.E2E_ALL_JOURNEYS ? { grep: /@smoke/ } : {};

export default defineConfig({
  testDir: './tests',
  ...journeysOnThisDatabase,
  // Runs on another port keep their own results: a run empties its output folder when it starts.
  outputDir: process.env.E2E_PORT ? `test-results-${port}` : 'test-results',
  fullyParallel: true,
  // One more than the cores: the server, the browsers and the test runner share a two-core machine, and a
  // journey waits on the server part of the time. Measured on two cores, 141 journeys: 2 workers 13.1 min, 3
  // workers 10.9 min (both with reduced motion and no trace). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism() + 1),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Long journeys take about 25 s on an idle machine and more than twice that on a busy two-core CI runner,
  // where 60 s cut one short mid-step. The limit only catches a hung test; waits inside stay condition-based.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter: [[process.env.CI ? 'line' : 'list'], ['./support/slowest-reporter.ts']],
  use: {
    baseURL,
    // The app honours the system's reduced-motion setting (no transitions, no ripples): the journeys ask for it,
    // so a busy machine's browsers do not spend their time drawing animation frames.
    reducedMotion: 'reduce',
    // Recording a trace costs the busy two-core machine a quarter of the run (its screencast alone a fifth), so it
    // is off unless asked for: E2E_TRACE=1 keeps a failed journey's trace (the DOM at each step, the network, the
    // console). A failure always leaves its error-context.md (the page's accessibility tree) either way.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true } : 'off',
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
  webServer: [
    {
      command: 'npx tsx e2e/support/mail-sink.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${sink.http}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SINK_SMTP_PORT: String(sink.smtp), SINK_HTTP_PORT: String(sink.http) },
    },
    {
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
        // Likewise for failed sign-ins per address (the lock-out journeys alone make 20); the API tests cover it.
        LOGIN_FAILURES_PER_ADDRESS: '1000',
        SMTP_URL: `smtp://127.0.0.1:${sink.smtp}`,
        SMS_WEBHOOK_URL: `http://127.0.0.1:${sink.http}/sms`,
        // E2E_DATABASE_URL runs the journeys on PostgreSQL (an empty database); SQLite otherwise.
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        // A build of the web app elsewhere than apps/web/dist (several checkouts' journeys on one machine).
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      },
    },
  ],
});
