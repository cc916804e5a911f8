/**
 * What the tenant guard (apps/server/src/db/tenant-guard.ts) costs a request: the server in this process,
 * requests through `app.inject` (no socket, so the share is an upper bound: a real request also pays the
 * socket write), the guard's checks timed where they run. Prints per request the CPU time, the checks, their
 * time and share. `BENCH_REQUESTS` (default 3000) per route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/demo.seed.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { TenantGuardPlugin } from '../apps/server/src/db/tenant-guard.ts';

const DEMO_PASSWORD = 'Demo#2026pass';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);

let guardNs = 0n;
let checks = 0;
const check = TenantGuardPlugin.prototype.transformQuery;
TenantGuardPlugin.prototype.transformQuery = function timed(this: TenantGuardPlugin, args) {
  const started = process.hrtime.bigint();
  try {
    return check.call(this, args);
  } finally {
    guardNs += process.hrtime.bigint() - started;
    checks += 1;
  }
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-guard-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    SEED_DEMO: 'false',
    JOB_WORKERS: '0',
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, db: database.db });
  await seedDemo(app.ctx);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: 'user@example.com', password: DEMO_PASSWORD, mode: 'webapp' },
  });
  const { access, user_id: userId } = login.json<{ access: string; user_id: number }>();
  const headers = { authorization: `Bearer ${access}` };
  const routes: ['GET' | 'POST', string][] = [
    ['GET', `/api/user/${userId}/`],
    ['GET', '/api/case/?limits=10'],
    ['POST', `/api/user/theme/toggle/${userId}/`],
    ['GET', `/api/notification/${userId}/`],
    ['GET', '/api/case-alerts/'],
  ];
  console.log(`Tenant guard per request — ${REQUESTS} requests each through app.inject, ${database.dialect}`);
  for (const [method, url] of routes) {
    for (let i = 0; i < 300; i += 1) await app.inject({ method, url, headers });
    guardNs = 0n;
    checks = 0;
    const cpu = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i += 1) {
      const res = await app.inject({ method, url, headers });
      if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    }
    const used = process.cpuUsage(cpu);
    const cpuUs = (used.user + used.system) / REQUESTS;
    const guardUs = Number(guardNs) / 1000 / REQUESTS;
    console.log(
      `${`${method} ${url.replace(String(userId), '{id}')}`.padEnd(36)} ${cpuUs.toFixed(0).padStart(5)} µs CPU` +
        `   ${(checks / REQUESTS).toFixed(1)} checks ${guardUs.toFixed(2).padStart(6)} µs` +
        `   ${((100 * guardUs) / cpuUs).toFixed(2)} %`,
    );
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
