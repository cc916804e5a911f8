import { existsSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { buildApp } from './app.ts';
import { loadConfig, REPO_ROOT } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_USERS, seedDemoIfEmpty } from './db/demo.seed.ts';
import { setupService } from './modules/setup/setup.service.ts';
import { migrateToLatest } from './db/migrate.ts';
import { housekeeping } from './platform/housekeeping.ts';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const IDLE_SWEEP_MS = 100;
/** Requests still running this long after SIGTERM are cut off. */
const SHUTDOWN_DEADLINE_MS = 30_000;

async function main(): Promise<void> {
  // A .env file in the project root fills in what the environment does not set.
  const envFile = path.join(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db, database.dialect);
  const mailer = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const app = await buildApp({ config, db: database.db, mailer });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');

  const demoSignIns = config.seedDemo ? await seedDemoIfEmpty(app.ctx) : null;
  // A real installation (no demo) starts without any account: the first super user comes through this link.
  const setupLink = await setupService(app.ctx).prepareLink();
  const runHousekeeping = () =>
    housekeeping(app.ctx).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
  const timer = setInterval(runHousekeeping, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();

  await app.listen({ port: config.port, host: config.host });
  // After listen: the storage sweep reads the whole files folder, which must not delay a start.
  void runHousekeeping();
  const where =
    database.dialect === 'sqlite' ? (config.database.kind === 'sqlite' ? config.database.file : '') : 'PostgreSQL';
  console.log(`\nLexdesk is running at ${config.publicUrl} (database: ${where})`);
  if (demoSignIns) {
    const pinned = config.demoPassword !== undefined;
    console.log(`Demo data created. Sign in with${pinned ? ' (DEMO_PASSWORD)' : ' (shown this once: note them)'}:`);
    for (const user of demoSignIns) console.log(`  ${user.role.padEnd(5)}  ${user.email.padEnd(24)}  ${user.password}`);
    if (config.production) console.warn('Warning: demo data in a production installation (SEED_DEMO=true).');
  } else if (config.seedDemo) {
    console.log(`Demo sign-ins: ${DEMO_USERS.map((user) => user.email).join(', ')} (passwords shown at first start)`);
  }
  if (setupLink) {
    console.log(`First start: create the super user at ${setupLink}`);
    console.log('  (one use; a new link is printed at each start until someone can sign in)');
  }
  console.log('API documentation: ' + `${config.publicUrl}/api/docs\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(timer);
    // app.close() stops accepting connections and waits for the requests in flight; then the database.
    // A keep-alive connection that falls idle after close() began would hold the process until its
    // timeout: sweep idle connections until the server is closed, and cut the rest after a deadline.
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    app
      .close()
      .finally(() => {
        clearInterval(sweep);
        clearTimeout(deadline);
      })
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
