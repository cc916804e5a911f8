/**
 * What the benchmarks share: a Lexdesk server on a fresh database with the demo seed, signed in
 * as the demo user, and a load generator (autocannon) in a separate process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/demo.seed.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';

/** Pinned for the benchmark's own sign-in (the seed has no password of its own). */
const DEMO_PASSWORD = 'Demo#2026pass';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

export interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Load from a separate process, so the load generator never shares the server's event loop. */
export async function load(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  seconds = SECONDS,
): Promise<Figures> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [
    autocannonCli,
    '-j',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-m',
    method,
    ...headerArgs,
    url,
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
    timeouts: number;
  };
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export interface LexdeskUnderTest {
  url: string;
  dialect: string;
  userId: number;
  auth: Record<string, string>;
  close: () => Promise<void>;
}

/** A Lexdesk server as `npm start` builds it, on a fresh SQLite database with the demo seed, listening on loopback. */
export async function listenLexdesk(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    SEED_DEMO: 'false',
    ...env,
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, db: database.db });
  await seedDemo(app.ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    config,
    dialect: database.dialect,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server as `npm start` builds it, with logging off and the coarse per-address limit off (one address
 * sends everything here); BENCH_RATE_LIMIT=1 keeps the limiter on with a ceiling no run reaches, to measure it.
 */
export async function startLexdesk(): Promise<LexdeskUnderTest> {
  const server = await listenLexdesk(
    process.env.BENCH_RATE_LIMIT === '1' ? { RATE_LIMIT_PER_MINUTE: '1000000000' } : {},
  );
  const login = await fetch(`${server.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user@example.com', password: DEMO_PASSWORD, mode: 'webapp' }),
  });
  const { access, user_id } = (await login.json()) as { access: string; user_id: number };
  return {
    url: server.url,
    dialect: server.dialect,
    userId: user_id,
    auth: { authorization: `Bearer ${access}` },
    close: server.close,
  };
}
