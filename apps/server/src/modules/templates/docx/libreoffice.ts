import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { docxToPdf, type PdfLimits } from '../../../platform/conversion/docx-to-pdf.ts';
import { backgroundWork, UNLIMITED_ADMISSION } from '../../../platform/queues/fair-queue.ts';

const run = promisify(execFile);

/** The tests' conversions: one at a time, none refused. */
const TEST_CONVERSIONS: PdfLimits = { workers: 1, admission: UNLIMITED_ADMISSION };

/**
 * The text LibreOffice sees in a .docx: converts it to PDF and extracts the text with pdftotext. Used by
 * tests to prove a generated file opens.
 */
export async function pdfTextOf(docx: Buffer): Promise<string> {
  const pdf = await docxToPdf(TEST_CONVERSIONS, backgroundWork(0), docx);
  const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-pdftotext-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-'], { timeout: 60_000 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
/** LibreOffice and poppler are installed by .ci/run; without them (a bare machine) the tests using them skip. */
export const HAS_LIBREOFFICE = has('soffice') && has('pdftotext');
