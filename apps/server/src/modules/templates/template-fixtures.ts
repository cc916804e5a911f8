/** Builds .docx precedents with `{{ tag }}` placeholders (tests, the demo seed, the benchmark). */
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';

/** A paragraph's content: plain text, or runs (a placeholder split over runs shows Word's run splitting). */
export type Line =
  | string
  | { runs: { text: string; bold?: boolean; italics?: boolean }[]; numbered?: boolean; pageBreakBefore?: boolean };

export interface PrecedentSpec {
  title: string;
  header?: string;
  footer?: string;
  lines: Line[];
  /** A table of [label, value] rows. */
  table?: [string, string][];
}

function paragraphOf(line: Line): Paragraph {
  if (typeof line === 'string') return new Paragraph({ children: [new TextRun(line)] });
  const children: ParagraphChild[] = line.runs.map(
    (run) => new TextRun({ text: run.text, bold: run.bold ?? false, italics: run.italics ?? false }),
  );
  return new Paragraph({
    children,
    ...(line.numbered ? { numbering: { reference: 'precedent-numbering', level: 0 } } : {}),
    ...(line.pageBreakBefore ? { pageBreakBefore: true } : {}),
  });
}

/** A Word document with a header, footer, numbered paragraphs and a table, as real precedents have. */
export async function buildPrecedent(spec: PrecedentSpec): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: spec.title, bold: true, size: 32 })],
    }),
    ...spec.lines.map(paragraphOf),
  ];
  if (spec.table) {
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: spec.table.map(
          ([label, value]) =>
            new TableRow({
              children: [
                new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })] }),
                new TableCell({ children: [new Paragraph(value)] }),
              ],
            }),
        ),
      }),
    );
  }
  const document = new Document({
    creator: 'Lexdesk',
    numbering: {
      config: [
        {
          reference: 'precedent-numbering',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(spec.header ?? `${spec.title}: header`)] }) },
        footers: { default: new Footer({ children: [new Paragraph(spec.footer ?? `${spec.title}: footer`)] }) },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}
