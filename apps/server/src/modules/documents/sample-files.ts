import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

/**
 * Documents the project writes itself (demo seed, tests): a Word document built with `docx`, a PDF
 * written by hand (one Helvetica page per ~45 lines), and plain text.
 */
export async function buildDocx(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  const document = new Document({
    creator: 'Lexdesk',
    title,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] }),
          ...paragraphs.map((text) => new Paragraph({ spacing: { after: 160 }, children: [new TextRun(text)] })),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const LINE_WIDTH = 90;
const LINES_PER_PAGE = 45;

function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((line + ' ' + word).trim().length > LINE_WIDTH) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

const pdfString = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')})`;

/** A valid PDF 1.4 with real text objects (so pdf.js finds the words). */
export function buildPdf(title: string, paragraphs: readonly string[]): Buffer {
  const lines = [title, '', ...paragraphs.flatMap((p) => [...wrap(p), ''])];
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  const objects: string[] = [];
  const fontId = 3;
  const pageIds: number[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  let next = 4;
  for (const page of pages) {
    const content = [
      'BT',
      '/F1 11 Tf',
      '14 TL',
      '56 790 Td',
      ...page.map((line) => `${pdfString(line)} Tj T*`),
      'ET',
    ].join('\n');
    const contentId = next++;
    const pageId = next++;
    objects[contentId] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`;
    pageIds.push(pageId);
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function buildText(title: string, paragraphs: readonly string[]): Buffer {
  return Buffer.from([title, '', ...paragraphs].join('\n\n') + '\n', 'utf8');
}
