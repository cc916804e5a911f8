import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF as pdftotext reads it (layout kept: a line of the PDF is a line here). For tests that prove
 * a PDF the app answered holds what it should; pdftotext reads files only, hence the private directory.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'], { timeout: 60_000 })).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
