import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from './database.types.ts';

/** The database's dialect, from the Kysely adapter (tests run PostgreSQL under a SQLite-shaped config). */
export function dialectOf(ctx: { db: Db }): Dialect {
  return ctx.db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** `column IN (ids)` with one parameter, however many ids: json_each on SQLite, = ANY on PostgreSQL. */
export function idsIn(dialect: Dialect, column: string, ids: readonly number[]): Expression<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${ids}::int[])`;
}
