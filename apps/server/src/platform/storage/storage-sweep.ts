import { sql } from 'kysely';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { blobKeyColumns } from './blob-references.ts';
import { KEY_PATTERN, storageRoot } from './storage.service.ts';
import { crossTenant } from '../../db/tenant-scope.ts';

/** A stored file younger than this is never removed: its row may belong to a transaction still open. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface SweepReport {
  /** Keys (and leftover `.tmp` names) removed: files no row refers to, older than the grace period. */
  removed: string[];
  /** Files no row refers to that are still young; a later sweep looks at them again. */
  youngOrphans: number;
  /** Keys a row refers to whose file is missing. */
  missing: { table: string; column: string; key: string }[];
  /** Names under the storage folder that are not blobs; never touched. */
  unexpected: string[];
  /** Files not removed because removing failed (logged by the caller; the next sweep tries again). */
  failed: { key: string; error: string }[];
}

interface StoredFile {
  /** Path relative to the storage folder, with forward slashes. */
  name: string;
  modifiedAt: number;
}

async function listStoredFiles(root: string): Promise<StoredFile[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: StoredFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const name = path.relative(root, full).split(path.sep).join('/');
    try {
      files.push({ name, modifiedAt: (await stat(full)).mtimeMs });
    } catch {
      // Removed meanwhile (a delete after commit): nothing to sweep.
    }
  }
  return files;
}

async function referencedKeys(ctx: Pick<AppContext, 'db' | 'modules'>) {
  const owners = new Map<string, { table: string; column: string }>();
  for (const { table, column } of blobKeyColumns(ctx.modules)) {
    // A nullable file column (an invoice's PDF, none while it is a draft) refers to no file when NULL.
    const rows = await sql<{ key: string }>`select ${sql.ref(column)} as key from ${sql.table(table)}
      where ${sql.ref(column)} is not null`.execute(
      crossTenant(ctx.db, 'storage sweep: the files every organisation refers to'),
    );
    for (const row of rows.rows) if (!owners.has(row.key)) owners.set(row.key, { table, column });
  }
  return owners;
}

const exists = async (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Compares the storage folder with the rows that refer to files: removes files no row refers to (a crash
 * between a commit and the removal of its files, a removal that failed) once they are older than the
 * grace period, and reports rows whose file is missing. Files are listed before rows are read, so a file
 * old enough to remove had its row (if any) committed long before the rows were read. Safe to run on
 * several servers at once.
 */
export async function sweepStorage(
  ctx: Pick<AppContext, 'config' | 'db' | 'now' | 'modules'>,
  options: { graceMs?: number; dryRun?: boolean } = {},
): Promise<SweepReport> {
  const root = storageRoot(ctx);
  const files = await listStoredFiles(root);
  const owners = await referencedKeys(ctx);
  const cutoff = ctx.now().getTime() - (options.graceMs ?? SWEEP_GRACE_MS);
  const report: SweepReport = { removed: [], youngOrphans: 0, missing: [], unexpected: [], failed: [] };
  const onDisk = new Set<string>();

  for (const file of files) {
    const blobKey = file.name.replace(/\.\d+\.tmp$/, '');
    if (!KEY_PATTERN.test(blobKey)) {
      report.unexpected.push(file.name);
      continue;
    }
    if (blobKey === file.name) onDisk.add(blobKey);
    if (blobKey === file.name && owners.has(blobKey)) continue;
    if (file.modifiedAt > cutoff) {
      report.youngOrphans += 1;
      continue;
    }
    if (!options.dryRun) {
      try {
        await rm(path.join(root, file.name), { force: true });
      } catch (error) {
        report.failed.push({ key: file.name, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    report.removed.push(file.name);
  }

  for (const [key, owner] of owners) {
    // Stored after the listing (a new upload): there now.
    if (!onDisk.has(key) && !(await exists(path.join(root, key)))) report.missing.push({ ...owner, key });
  }
  return report;
}

/** Logs what a sweep found: removals as information, missing files and failures as errors. */
export function logSweepReport(log: Pick<AppContext['log'], 'info' | 'error'>, report: SweepReport): void {
  if (report.removed.length > 0)
    log.info(
      { removed: report.removed.length, keys: report.removed.slice(0, 50) },
      'storage sweep removed unreferenced files',
    );
  if (report.missing.length > 0)
    log.error(
      { missing: report.missing.length, files: report.missing.slice(0, 50) },
      'stored files missing: rows refer to files that are not in storage',
    );
  if (report.failed.length > 0)
    log.error({ failed: report.failed.slice(0, 50) }, 'storage sweep could not remove unreferenced files');
}
