import type { ComparedDocument, RedlineSegment } from '@lexdesk/contract';
import { DeletedTextRun, Document, InsertedTextRun, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';

/** A tracked change's attributes (docx does not export the type). */
interface Revision {
  id: number;
  author: string;
  date: string;
}

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Who the tracked changes name in Word's and LibreOffice's review pane. */
export const REDLINE_AUTHOR = 'Lexdesk comparison';

/**
 * The redline as a Word document with real tracked changes: the left document's text with every insertion
 * as `w:ins` and every deletion as `w:del` (a paragraph break that only one side has is an inserted or
 * deleted paragraph mark), so Accept All gives exactly the right document's text and Reject All the left's.
 * A moved block is a deletion and an insertion: docx has no `w:moveFrom`/`w:moveTo` builder, and Accept or
 * Reject treats both the same way.
 */
export async function redlineDocx(
  left: ComparedDocument,
  right: ComparedDocument,
  segments: readonly RedlineSegment[],
  date: string,
): Promise<Buffer> {
  let revision = 0;
  const change = (): Revision => ({ id: ++revision, author: REDLINE_AUTHOR, date });
  const paragraphs: Paragraph[] = [];
  let runs: ParagraphChild[] = [];
  const endParagraph = (mark: RedlineSegment['kind']) => {
    const run = mark === 'insert' ? { insertion: change() } : mark === 'delete' ? { deletion: change() } : undefined;
    paragraphs.push(new Paragraph({ children: runs, ...(run ? { run } : {}) }));
    runs = [];
  };
  const pushRun = (kind: RedlineSegment['kind'], text: string) => {
    if (text === '') return;
    if (kind === 'equal') runs.push(new TextRun({ text }));
    else if (kind === 'insert') runs.push(new InsertedTextRun({ text, ...change() }));
    else runs.push(new DeletedTextRun({ text, ...change() }));
  };
  for (const segment of segments) {
    // \r\n and lone \r are one paragraph break, like \n; tabs stay in the text.
    const lines = segment.text.replace(/\r\n?/g, '\n').split('\n');
    lines.forEach((line, index) => {
      if (index > 0) endParagraph(segment.kind);
      pushRun(segment.kind, line);
    });
  }
  endParagraph('equal');

  const title = `Redline: ${left.name} → ${right.name}`;
  const document = new Document({
    creator: REDLINE_AUTHOR,
    title,
    description: `Tracked changes from ${left.name} (${left.case_title}) to ${right.name} (${right.case_title}).`,
    features: { trackRevisions: true },
    sections: [{ children: paragraphs }],
  });
  return Packer.toBuffer(document);
}

/** The download's name: both documents' names without their extensions. */
export function redlineFileName(left: ComparedDocument, right: ComparedDocument): string {
  const base = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 80);
  return `Redline - ${base(left.name)} vs ${base(right.name)}.docx`;
}
