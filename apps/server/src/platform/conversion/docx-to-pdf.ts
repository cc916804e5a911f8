import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { workQueueMessages } from '@lexdesk/contract';
import { FairQueue, type QueueAdmission, type WorkRequester } from '../queues/fair-queue.ts';

const run = promisify(execFile);

/** How long one conversion may take before it is abandoned. */
export const PDF_CONVERSION_TIMEOUT_MS = 120_000;

export interface PdfLimits {
  /** Conversions at once: LibreOffice takes a core and hundreds of MB, and the machines are small. */
  workers: number;
  /** Conversions per user, per organisation and in all, running or waiting (429 past them). */
  admission: QueueAdmission;
}

/** One queue per set of limits in the process (the app's configuration; tests may ask for tighter ones). */
const queues = new Map<string, FairQueue>();

/** The conversions' queue for `limits` (tests fill it to see what is refused or served first). */
export function conversionQueue(limits: PdfLimits): FairQueue {
  const key = JSON.stringify(limits);
  let queue = queues.get(key);
  if (!queue) {
    queue = new FairQueue({
      concurrency: limits.workers,
      admission: limits.admission,
      messages: workQueueMessages.pdf,
    });
    queues.set(key, queue);
  }
  return queue;
}

/**
 * A .docx (or what builds it) as PDF by headless LibreOffice (`soffice`), with a private profile per run (so runs never share
 * one), for `who`: the conversions are shared by every organisation, so a FairQueue admits and orders them
 * (429 past the limits, waiting work dropped when its client goes away).
 * Rejects when LibreOffice fails or writes no PDF.
 */
export function docxToPdf(
  limits: PdfLimits,
  who: WorkRequester,
  docx: Buffer | (() => Promise<Buffer>),
): Promise<Buffer> {
  // The .docx may be built once the turn has come: a refused export then costs nothing. A conversion that
  // has started runs to its end: stopping the `soffice` launcher would leave its soffice.bin running
  // outside the queue's count.
  return conversionQueue(limits).run(who, async () => convert(Buffer.isBuffer(docx) ? docx : await docx()));
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
