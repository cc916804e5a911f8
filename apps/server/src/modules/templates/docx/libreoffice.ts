import { spawnSync } from 'node:child_process';
import { docxToPdf, type PdfLimits } from '../../../platform/conversion/docx-to-pdf.ts';
import { pdfText } from '../../../platform/conversion/pdf-text.ts';
import { backgroundWork, UNLIMITED_ADMISSION } from '../../../platform/queues/fair-queue.ts';

/** The tests' conversions: one at a time, none refused. */
const TEST_CONVERSIONS: PdfLimits = { workers: 1, admission: UNLIMITED_ADMISSION };

/**
 * The text LibreOffice sees in a .docx: converts it to PDF and extracts the text with pdftotext. Used by
 * tests to prove a generated file opens.
 */
export async function pdfTextOf(docx: Buffer): Promise<string> {
  return pdfText(await docxToPdf(TEST_CONVERSIONS, backgroundWork(0), docx));
}

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
/** LibreOffice and poppler are installed by .ci/run; without them (a bare machine) the tests using them skip. */
export const HAS_LIBREOFFICE = has('soffice') && has('pdftotext');
