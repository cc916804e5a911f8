import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcessWithoutNullStreams[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once the server's log holds `count` lines matching `pattern`. */
function logged(child: ChildProcessWithoutNullStreams, pattern: RegExp, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk
        .toString()
        .split('\n')
        .filter((line) => pattern.test(line)).length;
      if (seen >= count) resolve();
    });
  });
}

const PINNED_PASSWORD = 'Demo#2026pass';

/**
 * Starts `npm start`'s server on a free port with a fresh data folder and `env`; resolves with its address and
 * its console output up to the API documentation line (the last line of the start banner).
 */
async function startServer(
  env: Record<string, string> = { SEED_DEMO: 'true', DEMO_PASSWORD: PINNED_PASSWORD },
): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-main-'));
  dirs.push(dataDir);
  const inherited = { ...process.env };
  for (const name of ['SEED_DEMO', 'DEMO_PASSWORD', 'NODE_ENV', 'PUBLIC_URL', 'DATABASE_URL']) delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && output.includes('API documentation:')) resolve({ child, url: match[1], output });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const signIn = (url: string, username: string, password: string) =>
  fetch(`${url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, mode: 'webapp' }),
  });

describe('main: start and graceful shutdown', () => {
  it('migrates, seeds, serves, and on SIGTERM finishes the requests in flight before exiting 0', async () => {
    const { child, url } = await startServer();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Sign-ins are slow on purpose (argon2id): all four have arrived and are running when the signal comes.
    const arrived = logged(child, /^(?=.*incoming request)(?=.*\/api\/login\/)/, 4);
    const logins = Array.from({ length: 4 }, () =>
      fetch(`${url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'user@example.com', password: PINNED_PASSWORD, mode: 'webapp' }),
      }),
    );
    await arrived;
    child.kill('SIGTERM');
    const answers = await Promise.all(logins);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/api/app-config/`)).rejects.toThrow();
  }, 60_000); // a real process: migrate, seed generated documents, sign in with argon2id

  it('a development start seeds the demo with random passwords, printed once, and nothing signs in with the old one', async () => {
    const { url, output } = await startServer({});
    expect(output).toContain('Demo data created. Sign in with (shown this once: note them):');
    const printed = /super\s+super@example\.com\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(printed).not.toBe('');
    expect(printed).not.toBe(PINNED_PASSWORD);
    expect((await signIn(url, 'super@example.com', PINNED_PASSWORD)).status).toBe(401);
    expect((await signIn(url, 'super@example.com', printed)).status).toBe(200);
    expect(output).not.toContain('First start: create the super user');
  }, 60_000);

  it('a production start has no demo and no account: the super user comes through a one-time setup link', async () => {
    const { url, output } = await startServer({ NODE_ENV: 'production' });
    expect(output).not.toContain('Demo data created');
    expect((await signIn(url, 'super@example.com', PINNED_PASSWORD)).status).toBe(401);
    const token = /First start: create the super user at \S+\/setup#(\S+)/.exec(output)?.[1] ?? '';
    expect(token).not.toBe('');
    const setUp = (withToken: string) =>
      fetch(`${url}/api/setup/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: withToken,
          organisation: 'Provider Ltd',
          first_name: 'Pat',
          last_name: 'Provider',
          email: 'pat@provider.example',
          password: 'Strong#Pass2026',
          confirm_password: 'Strong#Pass2026',
        }),
      });
    expect((await setUp('not-the-token')).status).toBe(400);
    expect((await setUp(token)).status).toBe(201);
    expect((await setUp(token)).status).toBe(400);
    const signedIn = await signIn(url, 'pat@provider.example', 'Strong#Pass2026');
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { type: string }).type).toBe('super');
  }, 60_000);
});
