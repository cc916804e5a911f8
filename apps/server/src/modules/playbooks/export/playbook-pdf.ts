import type { PlaybookContent } from '@lexdesk/contract';
import { docxToPdf, type PdfLimits } from '../../../platform/conversion/docx-to-pdf.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { buildPlaybookDocx, type PlaybookDocxMeta } from './playbook-docx.ts';

/** The playbook as PDF: the .docx export converted by LibreOffice, so both print alike (docs/playbooks.md). */
export async function buildPlaybookPdf(
  limits: PdfLimits,
  who: WorkRequester,
  content: PlaybookContent,
  meta: PlaybookDocxMeta,
): Promise<Buffer> {
  return docxToPdf(limits, who, await buildPlaybookDocx(content, meta));
}
