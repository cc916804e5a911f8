import type { PlaybookContent } from '@lexdesk/contract';
import { docxToPdf } from '../../../platform/conversion/docx-to-pdf.ts';
import { buildPlaybookDocx, type PlaybookDocxMeta } from './playbook-docx.ts';

/** The playbook as PDF: the .docx export converted by LibreOffice, so both print alike (docs/playbooks.md). */
export async function buildPlaybookPdf(content: PlaybookContent, meta: PlaybookDocxMeta): Promise<Buffer> {
  return docxToPdf(await buildPlaybookDocx(content, meta));
}
