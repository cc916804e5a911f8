import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('connection-loss.test.ts skipped: it needs PostgreSQL (set TEST_DATABASE_URL).');

/**
 * PostgreSQL ends the app's connections under a running server (as a restart or fail-over does): the
 * server keeps running and answers the next requests on new connections.
 */
describe.skipIf(!url)('PostgreSQL connection loss [postgres]', () => {
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const schema = `test_connloss_${id}`;
  // Only this test's connections are ended: other suites may share the database.
  const applicationName = `lexdesk-connloss-${id}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-connloss-'));
  const lost: Error[] = [];
  let admin: pg.Client;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    database = openDatabase(
      { kind: 'postgres', url: url ?? '', searchPath: schema, applicationName },
      { onConnectionError: (error) => lost.push(error) },
    );
    await migrateToLatest(database.db, database.dialect);
    app = await buildApp({ config: testConfig(dir, { JOB_WORKERS: '0' }), db: database.db, mailer: null });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin?.query(`drop schema if exists "${schema}" cascade`);
    await admin?.end();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Two requests that need the database: public settings (200) and a session lookup (401). */
  async function answers() {
    const config = await fetch(`${base}/api/app-config/`);
    expect(config.status, await config.clone().text()).toBe(200);
    const session = await fetch(`${base}/api/user/mfa/monitoring/`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(session.status).toBe(401);
  }

  const terminateOurConnections = async (): Promise<number> => {
    const result = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
      [applicationName],
    );
    return result.rowCount ?? 0;
  };

  it('answers requests again after the server ended its idle connections', async () => {
    await Promise.all([answers(), answers(), answers()]);
    const before = lost.length;
    const ended = await terminateOurConnections();
    expect(ended).toBeGreaterThan(0);
    // Each idle connection reports its loss (and leaves the pool) when its socket closes.
    await vi.waitFor(() => expect(lost.length - before).toBe(ended), { timeout: 10_000, interval: 20 });
    await answers();
    await Promise.all([answers(), answers()]);
  });

  it('fails only the query in flight when its connection ends, and answers the next requests', async () => {
    const sleeping = sql`select pg_sleep(30)`.execute(database.db).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await vi.waitFor(
      async () => {
        const result = await admin.query(
          `select 1 from pg_stat_activity where application_name = $1 and query like 'select pg_sleep%'`,
          [applicationName],
        );
        expect(result.rowCount).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    const before = lost.length;
    const ended = await terminateOurConnections();
    expect(await sleeping).toMatch(/terminating connection/);
    // The idle connections ended with it too: a request handed one before its socket closed would fail.
    await vi.waitFor(() => expect(lost.length - before).toBe(ended), { timeout: 10_000, interval: 20 });
    await answers();
  });
});
