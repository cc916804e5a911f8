import Database from 'better-sqlite3';
import path from 'node:path';

/**
 * Changes a user's module flag straight in the e2e server's SQLite file, standing in for the
 * administrator's user screen that arrives with the organisations/users issue.
 */
export function setModuleFlag(email: string, flag: string, value: boolean) {
  const dir = process.env.LEXDESK_E2E_DATA_DIR;
  if (!dir) throw new Error('LEXDESK_E2E_DATA_DIR is not set (run through playwright.config.ts)');
  if (!/^[a-z_]+_permission$/.test(flag)) throw new Error(`not a module flag: ${flag}`);
  const db = new Database(path.join(dir, 'lexdesk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare(`UPDATE users SET ${flag} = ? WHERE email = ?`).run(value ? 1 : 0, email).changes;
    if (changed !== 1) throw new Error(`no user ${email}`);
  } finally {
    db.close();
  }
}
