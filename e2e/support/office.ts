import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runs LibreOffice headless on `file`, converting it to `format` in `outDir`; answers the new file's path. */
export function soffice(file: string, format: string, outDir: string): string {
  // A private profile per run, so parallel conversions never share one.
  const profile = mkdtempSync(path.join(tmpdir(), 'lexdesk-soffice-'));
  try {
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', format, '--outdir', outDir, file],
      { stdio: 'pipe', timeout: 120_000 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return path.join(outDir, `${path.basename(file, path.extname(file))}.${format.split(':')[0]}`);
}

/** The text of a PDF as pdftotext reads it (layout kept). */
export const pdfText = (file: string): string =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
