import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.ts';

export interface TableColumn {
  table: string;
  column: string;
}

/**
 * Every column of the app's own tables. On PostgreSQL only the connection's schema is read: Kysely's
 * introspector lists every schema and fails when another test file drops its schema meanwhile (3F000).
 */
export async function appTableColumns(database: DatabaseHandle): Promise<TableColumn[]> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<TableColumn>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(database.db);
    return rows;
  }
  const tables = await database.db.introspection.getTables();
  return tables.flatMap((table) => table.columns.map((column) => ({ table: table.name, column: column.name })));
}
