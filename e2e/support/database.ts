import { expect } from '@playwright/test';
import path from 'node:path';

type Value = string | number | null;

/**
 * Runs one statement against the journeys' database (E2E_DATABASE_URL's PostgreSQL, or the SQLite file in
 * LEXDESK_E2E_DATA_DIR) once per parameter list, and checks that each run changed exactly one row. Only for
 * what no page or call can do: a plan that has run out, votes from a screen of a later issue.
 * The statement uses PostgreSQL's `$1` placeholders; SQLite gets `?`.
 */
export async function changeOneRowEach(sql: string, parameterLists: readonly (readonly Value[])[]) {
  const url = process.env.E2E_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const parameters of parameterLists) {
        const res = await client.query(sql, [...parameters]);
        expect(res.rowCount).toBe(1);
      }
    } finally {
      await client.end();
    }
    return;
  }
  const dataDir = process.env.LEXDESK_E2E_DATA_DIR;
  expect(dataDir, 'the journeys run with LEXDESK_E2E_DATA_DIR set by playwright.config.ts').toBeTruthy();
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir!, 'lexdesk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const statement = db.prepare(sql.replace(/\$\d+/g, '?'));
    for (const parameters of parameterLists) expect(statement.run(...parameters).changes).toBe(1);
  } finally {
    db.close();
  }
}
