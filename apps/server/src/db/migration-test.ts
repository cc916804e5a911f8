import type { Db } from './database.types.ts';
import { describe, it } from 'vitest';
import { databaseTargets } from '../../test/harness.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/**
 * A test of one migration on each database target (SQLite, and PostgreSQL with TEST_DATABASE_URL): a fresh
 * database migrated up to `before`; `body` puts the rows the migration must carry over, calls `migrate()` (every
 * later migration) and reads what became of them. The database is closed and removed afterwards, pass or fail.
 */
export function migrationTest(
  migration: string,
  title: string,
  before: string,
  body: (db: Db, migrate: () => Promise<string[]>) => Promise<void>,
): void {
  for (const factory of databaseTargets()) {
    describe(`migration ${migration} [${factory.label}]`, () => {
      it(title, async () => {
        const { target, cleanup } = await factory.open();
        const database = openDatabase(target);
        try {
          await migrateUpTo(database.db, database.dialect, before);
          await body(database.db, () => migrateToLatest(database.db, database.dialect));
        } finally {
          await database.close();
          await cleanup();
        }
      });
    });
  }
}
