import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Db, Dialect } from './database.types.ts';
import type { DialectMigration } from './migration-helpers.ts';
import * as m0001 from './migrations/0001_foundation.ts';

/** Every migration, in order. A landed migration is never edited: add the next number. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001_foundation': m0001,
};

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      { up: (kysely: Kysely<unknown>) => migration.up(kysely, dialect) },
    ]),
  );
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
