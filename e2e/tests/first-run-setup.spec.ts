import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { banner, expectAccessible } from '../support/ui.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A production start of its own (fresh SQLite folder, no demo): nothing can sign in until someone opens the
 * one-time link the server prints on its console and creates the first super user.
 */
async function startProductionServer(dataDir: string) {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['SEED_DEMO', 'DEMO_PASSWORD', 'DATABASE_URL', 'PUBLIC_URL']) delete env[name];
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: { ...env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    },
  );
  const started = await new Promise<{ url: string; output: string }>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url && output.includes('API documentation:')) resolve({ url, output });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, ...started };
}

/** Fills and sends the sign-in form of the server at `base`. */
async function submitSignIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test.describe('first-run setup', () => {
  // It starts its own SQLite server whatever the suite's database: the PostgreSQL run would repeat it as is.
  test.skip(Boolean(process.env.E2E_DATABASE_URL), 'runs its own SQLite server; the SQLite run covers it');
  let server: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  let dataDir = '';
  test.beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-e2e-setup-'));
    server = await startProductionServer(dataDir);
  });
  test.afterEach(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server?.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a production start has no demo password; the console link creates the first super user', async ({ page }) => {
    if (!server) throw new Error('server not started');
    expect(server.output).not.toContain('Demo data created');
    // The console link points at PUBLIC_URL's default host; the same path on this test server's address.
    const token = /First start: create the super user at \S+\/setup#(\S+)/.exec(server.output)?.[1] ?? '';
    expect(token).not.toBe('');
    const base = server.url;

    await submitSignIn(page, base, 'super@example.com', 'Demo#2026pass');
    await expect(banner(page)).toBeVisible();

    await page.goto(`${base}/setup#${token}`);
    await expect(page.getByRole('heading', { name: 'Set up Lexdesk' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Organisation name').fill('Provider Chambers');
    await page.getByLabel('First name').fill('Pat');
    await page.getByLabel('Last name').fill('Provider');
    await page.getByLabel('Email').fill('pat@provider.example');
    await page.getByLabel('Password', { exact: true }).fill('Strong#Pass2026');
    await page.getByLabel('Confirm password').fill('Strong#Pass2026');
    await page.getByRole('button', { name: 'Create super user' }).click();
    await expect(page.getByText('Lexdesk is set up.')).toBeVisible();

    // The link is spent: opening it again (a fresh page load) and submitting says so.
    await page.goto(`${base}/login`);
    await page.goto(`${base}/setup#${token}`);
    await page.getByLabel('Organisation name').fill('Someone Else');
    await page.getByLabel('First name').fill('Eve');
    await page.getByLabel('Last name').fill('Intruder');
    await page.getByLabel('Email').fill('eve@intruder.example');
    await page.getByLabel('Password', { exact: true }).fill('Strong#Pass2026');
    await page.getByLabel('Confirm password').fill('Strong#Pass2026');
    await page.getByRole('button', { name: 'Create super user' }).click();
    await expect(page.getByText('This setup link has been used or has expired.')).toBeVisible();

    await submitSignIn(page, base, 'pat@provider.example', 'Strong#Pass2026');
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  });
});
