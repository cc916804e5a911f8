import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from './database.types.ts';

/** A migration written once for both dialects; the dialect only picks column types. */
export interface DialectMigration {
  up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
}

/** `id`: sqlite `integer primary key autoincrement`, PostgreSQL `serial primary key`. */
export function addIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (col) => col.primaryKey());
}

/** A boolean stored as integer 0/1 (the same in both dialects). */
export function addFlagColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  name: string,
  defaultValue: 0 | 1 = 0,
) {
  return table.addColumn(name, 'integer', (col) => col.notNull().defaultTo(defaultValue));
}
