import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo.seed.ts';

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

/** Starts `npm start`'s server on a free port with a fresh data folder; resolves with its address. */
async function startServer(): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true' },
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && output.includes('Demo data created')) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url };
}

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
        body: JSON.stringify({ username: 'user@example.com', password: DEMO_PASSWORD, mode: 'webapp' }),
      }),
    );
    await arrived;
    child.kill('SIGTERM');
    const answers = await Promise.all(logins);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/api/app-config/`)).rejects.toThrow();
  }, 60_000); // a real process: migrate, seed generated documents, sign in with argon2id
});
