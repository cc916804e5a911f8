import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How long one conversion may take before it is abandoned. */
export const PDF_CONVERSION_TIMEOUT_MS = 120_000;

let queue: Promise<unknown> = Promise.resolve();

/**
 * A .docx as PDF by headless LibreOffice (`soffice`), with a private profile per run (so runs never share
 * one). One conversion at a time per process: LibreOffice takes a core and hundreds of MB, and the machines
 * are small. Rejects when LibreOffice fails or writes no PDF.
 */
export function docxToPdf(docx: Buffer): Promise<Buffer> {
  const result = queue.then(() => convert(docx));
  queue = result.catch(() => undefined);
  return result;
}

async function convert(docx: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-soffice-'));
  try {
    const input = path.join(dir, 'document.docx');
    await writeFile(input, docx);
    await run(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input],
      { timeout: PDF_CONVERSION_TIMEOUT_MS },
    );
    // soffice exits 0 even when it refuses a document: the missing PDF is the error then.
    return await readFile(path.join(dir, 'document.pdf')).catch((cause: unknown) => {
      throw new Error('LibreOffice did not convert the document to PDF', { cause });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
