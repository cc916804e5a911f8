import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text LibreOffice sees in a .docx: converts it to PDF with a private profile (so parallel runs never
 * share one) and extracts the text with pdftotext. Used by tests to prove a generated file opens.
 */
export async function pdfTextOf(docx: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-soffice-'));
  try {
    const input = path.join(dir, 'document.docx');
    await writeFile(input, docx);
    await run(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input],
      { timeout: 120_000 },
    );
    const pdf = path.join(dir, 'document.pdf');
    await readFile(pdf); // throws when LibreOffice refused the document
    const { stdout } = await run('pdftotext', ['-layout', pdf, '-'], { timeout: 60_000 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
