import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrations on PostgreSQL [postgres]', () => {
  it('migrate a schema of their own while another session creates and drops schemas', async () => {
    const prefix = `test_churn_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${prefix}_main"`);
    const database = openDatabase({ kind: 'postgres', url: url!, searchPath: `${prefix}_main` });
    // Another session makes and drops schemas with a table each, as test files finishing do.
    let churning = true;
    const churn = (async () => {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      for (let i = 0; churning; i += 1) {
        await other.query(`create schema "${prefix}_${i}"; create table "${prefix}_${i}".t (a int)`);
        await other.query(`drop schema "${prefix}_${i}" cascade`);
      }
      await other.end();
    })();
    try {
      const applied = await migrateToLatest(database.db, database.dialect);
      expect(applied.length).toBeGreaterThan(20);
      // Before the migrator's introspection was kept to its own schema, one of these failed within a few runs.
      for (let run = 0; run < 20; run += 1) expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
    } finally {
      churning = false;
      await churn;
      await database.close();
      await admin.query(`drop schema "${prefix}_main" cascade`);
      await admin.end();
    }
  }, 120_000);
});
