/**
 * `npm run sweep-files -w @lexdesk/server [-- --dry-run]`: the storage sweep of housekeeping, run once
 * against the configured database and DATA_DIR; prints its report as JSON. Exits 1 when a row's file is
 * missing or a file could not be removed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { MODULES } from '../../modules/registry.ts';
import { sweepStorage } from './storage-sweep.ts';

const envFile = path.join(REPO_ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  const report = await sweepStorage(
    { config, db: database.db, now: () => new Date(), modules: MODULES },
    { dryRun: process.argv.includes('--dry-run') },
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (report.missing.length > 0 || report.failed.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
