/**
 * Lexdesk's API against a bare Fastify route, measured in one run on this machine:
 * an authenticated read (GET user/{id}/) and an authenticated write (POST user/theme/toggle/{id}/).
 * Prints req/s and p99 latency of each, and the ratio to the baseline (target ≥ 0.6 on req/s).
 */
import Fastify from 'fastify';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/demo.seed.ts';

/** Pinned for the benchmark's own sign-in (the seed has no password of its own). */
const DEMO_PASSWORD = 'Demo#2026pass';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Load from a separate process, so the load generator never shares the server's event loop. */
async function load(
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

function row(name: string, ours: Figures, base: Figures) {
  const ratio = ours.rps / base.rps;
  console.log(
    `${name.padEnd(34)} ${ours.rps.toFixed(0).padStart(7)} req/s  p99 ${String(ours.p99).padStart(4)} ms` +
      `   | baseline ${base.rps.toFixed(0).padStart(7)} req/s  p99 ${String(base.p99).padStart(4)} ms` +
      `   | ratio ${ratio.toFixed(2)} ${ratio >= 0.6 ? '(meets 0.6)' : '(BELOW 0.6)'}` +
      (ours.errors + base.errors > 0 ? `   errors ${ours.errors}/${base.errors}` : ''),
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    SEED_DEMO: 'false',
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, db: database.db });
  await seedDemo(app.ctx);
  const ourUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${ourUrl}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'user@example.com', password: DEMO_PASSWORD, mode: 'webapp' }),
  });
  const { access, user_id } = (await login.json()) as { access: string; user_id: number };
  const auth = { authorization: `Bearer ${access}` };
  const detailBody = await (await fetch(`${ourUrl}/api/user/${user_id}/`, { headers: auth })).text();
  const toggleBody = await (
    await fetch(`${ourUrl}/api/user/theme/toggle/${user_id}/`, { method: 'POST', headers: auth })
  ).text();

  // The baseline: a bare Fastify route answering bodies of the same size, with no database or checks.
  const bare = Fastify({ logger: false });
  bare.get('/detail', async (_req, reply) => reply.type('application/json').send(detailBody));
  bare.post('/toggle', async (_req, reply) => reply.type('application/json').send(toggleBody));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  console.log(
    `Lexdesk API vs bare Fastify — ${CONNECTIONS} connections, ${SECONDS} s each, ` +
      `${database.dialect}, Node ${process.version}`,
  );
  // One second of warm-up for each, so neither side is measured while the JIT is still compiling.
  for (const [url, method] of [
    [`${bareUrl}/detail`, 'GET'],
    [`${ourUrl}/api/user/${user_id}/`, 'GET'],
    [`${bareUrl}/toggle`, 'POST'],
    [`${ourUrl}/api/user/theme/toggle/${user_id}/`, 'POST'],
  ] as const)
    await load(url, method, auth, 1);
  const baseRead = await load(`${bareUrl}/detail`, 'GET', auth);
  const ourRead = await load(`${ourUrl}/api/user/${user_id}/`, 'GET', auth);
  row(`GET user/{id}/ (authenticated)`, ourRead, baseRead);
  const baseWrite = await load(`${bareUrl}/toggle`, 'POST', auth);
  const ourWrite = await load(`${ourUrl}/api/user/theme/toggle/${user_id}/`, 'POST', auth);
  row(`POST user/theme/toggle/{id}/ (write)`, ourWrite, baseWrite);

  await bare.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
