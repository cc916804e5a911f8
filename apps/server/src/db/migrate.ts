import { Migrator, sql, type DatabaseIntrospector, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Db, Dialect } from './database.types.ts';
import type { DialectMigration } from './migration-helpers.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_organisation_admin.ts';
import * as m0003 from './migrations/0003_registration.ts';
import * as m0004 from './migrations/0004_cases.ts';
import * as m0005 from './migrations/0005_case_records.ts';
import * as m0006 from './migrations/0006_questionnaires.ts';
import * as m0007 from './migrations/0007_templates.ts';
import * as m0008 from './migrations/0008_case_saved_searches.ts';
import * as m0009 from './migrations/0009_sign_in_protection.ts';
import * as m0012 from './migrations/0012_outbox_secrets.ts';
import * as m0013 from './migrations/0013_sign_in_codes.ts';
import * as m0014 from './migrations/0014_multiple_answers.ts';
import * as m0015 from './migrations/0015_template_draft_rounds.ts';
import * as m0016 from './migrations/0016_theme_choice.ts';
import * as m0017 from './migrations/0017_search_sources.ts';
import * as m0018 from './migrations/0018_audit_action_names.ts';
import * as m0019 from './migrations/0019_concept_lists.ts';
import * as m0020 from './migrations/0020_analyser_saved_searches.ts';
import * as m0021 from './migrations/0021_search_separators.ts';
import * as m0022 from './migrations/0022_playbooks.ts';
import * as m0023 from './migrations/0023_tasks.ts';
import * as m0024 from './migrations/0024_invoices.ts';
import * as m0025 from './migrations/0025_knowledge.ts';
import * as m0026 from './migrations/0026_knowledge_key_expiry.ts';
import * as m0027 from './migrations/0027_outbox_kinds.ts';
import * as m0029 from './migrations/0029_invoice_numbers_and_housekeeping.ts';
import * as m0030 from './migrations/0030_housekeeping_failures.ts';
import * as m0031 from './migrations/0031_group_fields.ts';

/** Every migration, in order. A landed migration is never edited: add the next number. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001_foundation': m0001,
  '0002_organisation_admin': m0002,
  '0003_registration': m0003,
  '0004_cases': m0004,
  '0005_case_records': m0005,
  '0006_questionnaires': m0006,
  '0007_templates': m0007,
  '0008_case_saved_searches': m0008,
  '0009_sign_in_protection': m0009,
  '0012_outbox_secrets': m0012,
  '0013_sign_in_codes': m0013,
  '0014_multiple_answers': m0014,
  '0015_template_draft_rounds': m0015,
  '0016_theme_choice': m0016,
  '0017_search_sources': m0017,
  '0018_audit_action_names': m0018,
  '0019_concept_lists': m0019,
  '0020_analyser_saved_searches': m0020,
  '0021_search_separators': m0021,
  '0022_playbooks': m0022,
  '0023_tasks': m0023,
  '0024_invoices': m0024,
  '0025_knowledge': m0025,
  '0026_knowledge_key_expiry': m0026,
  '0027_outbox_kinds': m0027,
  '0029_invoice_numbers_and_housekeeping': m0029,
  '0030_housekeeping_failures': m0030,
  '0031_group_fields': m0031,
};

/** Brings the schema up to date; throws (and the server does not start) when a migration fails. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  return migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` (tests of a migration that moves existing rows). */
export async function migrateUpTo(db: Db, dialect: Dialect, name: string): Promise<string[]> {
  return migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Db,
  dialect: Dialect,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      { up: (kysely: Kysely<unknown>) => migration.up(kysely, dialect) },
    ]),
  );
  // On PostgreSQL the migrator keeps its tables in the connection's schema and looks for them there only.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: migrationTableSchema ? introspectingOnly(db, migrationTableSchema) : db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * `db` whose introspection sees one schema. Kysely's own PostgreSQL introspector lists the tables of every
 * schema, calling has_schema_privilege on each schema's name: a schema that another session drops meanwhile
 * fails the whole list with "schema … does not exist" (3F000). PostgreSQL test files, each in a schema of its
 * own, met that while others finished and dropped theirs. The migrator reads only names from the introspector.
 */
function introspectingOnly(db: Db, schema: string): Db {
  const tables = async () => {
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
    return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables: tables,
    getMetadata: async () => ({ tables: await tables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they run on the real instance.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
