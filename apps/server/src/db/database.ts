import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database, Db, Dialect } from './database.types.ts';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

/** Where to connect; tests add a PostgreSQL schema of their own through the search path. */
export type DatabaseTarget = DatabaseConfig & { searchPath?: string; applicationName?: string };

export interface DatabaseOptions {
  /**
   * Told when a PostgreSQL connection fails outside a query (the server restarted, failed over or ended
   * the connection). The pool drops that connection and opens a new one for the next query.
   */
  onConnectionError?: (error: Error) => void;
}

const logConnectionError = (error: Error) =>
  console.error(`PostgreSQL connection lost (a new one is opened for the next query): ${error.message}`);

const PG_INT8 = 20;
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with prepared statements kept by SQL text: Kysely prepares every query afresh, which
 * cost more than running it. Safe because statements run synchronously (nothing streams them).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens the database of `target`: better-sqlite3 (WAL, foreign keys, busy timeout) or a pg Pool. */
export function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): DatabaseHandle {
  if (target.kind === 'sqlite') {
    mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // Counts come back as int8; they are far below 2^53, so read them as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as never,
    },
    application_name: target.applicationName ?? 'lexdesk',
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
  // Without these listeners a connection ended by the server is an unhandled 'error' event: the process
  // exits. Each connection reports its loss once (an ended connection raises the server's message, then
  // "terminated unexpectedly"); the pool drops an idle one at once, and one in use (its query fails) when
  // it is released, as it is no longer queryable. The pool's own event repeats the idle connection's.
  const onConnectionError = options.onConnectionError ?? logConnectionError;
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (reported) return;
      reported = true;
      onConnectionError(error);
    });
  });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
