import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';

/**
 * Changes a user's module flag straight in the e2e server's database (SQLite file, or PostgreSQL when
 * E2E_DATABASE_URL is set), standing in for the administrator's user screen that arrives with the
 * organisations/users issue.
 */
export async function setModuleFlag(email: string, flag: string, value: boolean) {
  if (!/^[a-z_]+_permission$/.test(flag)) throw new Error(`not a module flag: ${flag}`);
  const url = process.env.E2E_DATABASE_URL;
  let changed: number;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query(`UPDATE users SET ${flag} = $1 WHERE email = $2`, [value ? 1 : 0, email]);
      changed = result.rowCount ?? 0;
    } finally {
      await client.end();
    }
  } else {
    const dir = process.env.LEXDESK_E2E_DATA_DIR;
    if (!dir) throw new Error('LEXDESK_E2E_DATA_DIR is not set (run through playwright.config.ts)');
    const db = new Database(path.join(dir, 'lexdesk.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      changed = db.prepare(`UPDATE users SET ${flag} = ? WHERE email = ?`).run(value ? 1 : 0, email).changes;
    } finally {
      db.close();
    }
  }
  if (changed !== 1) throw new Error(`no user ${email}`);
}
