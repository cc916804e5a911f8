import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

/**
 * One SQLite connection taken in turn, first come first served. Kysely's own driver wakes every waiter on
 * each release and all but one wait again: with 50 requests in flight that is 50 resumptions per query,
 * which cost more than the queries. Here a free connection is taken at once and a release hands it to the
 * next waiter only. Exclusive all the same: a transaction holds it across its awaits.
 */
class QueuedSqliteDriver implements Driver {
  readonly #connection: SqliteConnection;
  #busy = false;
  readonly #waiters: (() => void)[] = [];

  constructor(database: SqliteDatabase) {
    this.#connection = new SqliteConnection(database);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiters.push(() => resolve(this.#connection)));
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#busy = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.#connection.close();
  }
}

class SqliteConnection implements DatabaseConnection {
  constructor(private readonly database: SqliteDatabase) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.database.prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams select queries only');
    const statement = this.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }

  close(): void {
    this.database.close();
  }
}

/** Kysely's SQLite dialect with the queued driver above. */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#database);
  }
}
