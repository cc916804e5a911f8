import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The text LibreOffice reads in a PDF: Draw imports it and exports SVG, whose text runs are joined. A PDF that
 * LibreOffice cannot open makes no SVG and this throws (the journeys' proof that an exported PDF opens).
 */
export function pdfTextInLibreOffice(file: string, outDir: string): string {
  const profile = mkdtempSync(path.join(tmpdir(), 'lexdesk-soffice-'));
  try {
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--infilter=draw_pdf_import',
        '--convert-to',
        'svg',
        '--outdir',
        outDir,
        file,
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  const svg = readFileSync(path.join(outDir, `${path.basename(file, path.extname(file))}.svg`), 'utf8');
  return svg
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '',
    )
    .replace(/\s+/g, ' ');
}
