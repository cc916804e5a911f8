import type { PlaybookContent, PlaybookEntry } from '@lexdesk/contract';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
  type IStylesOptions,
  type Table,
} from 'docx';
import { htmlToContent } from 'docx/html';
import { sanitizeRichText } from '../../../platform/rich-text/editor-html.ts';

/** What the export says about the document beside the playbook's content. */
export interface PlaybookDocxMeta {
  /** The published version exported, or null for the draft. */
  version: number | null;
  /** The organisation the playbook belongs to. */
  organisation: string;
  exportedAt: Date;
}

/** Who the document properties name as its author. */
export const PLAYBOOK_DOCX_CREATOR = 'Lexdesk';
/** The heading of the entries that have no category. */
export const UNCATEGORISED = 'Uncategorised';

const STYLE = {
  richHeading: 'PlaybookRichHeading',
  modelLanguage: 'PlaybookModelLanguage',
  label: 'PlaybookLabel',
  meta: 'PlaybookMeta',
} as const;

const STYLES: IStylesOptions = {
  default: {
    document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 120, line: 276 } } },
    title: { run: { font: 'Calibri', size: 48, bold: true }, paragraph: { spacing: { after: 120 } } },
    heading1: {
      run: { font: 'Calibri', size: 32, bold: true, color: '1F3864' },
      paragraph: {
        spacing: { before: 480, after: 160 },
        keepNext: true,
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '1F3864', space: 4 } },
      },
    },
    heading2: {
      run: { font: 'Calibri', size: 28, bold: true, color: '1F3864' },
      paragraph: { spacing: { before: 360, after: 80 }, keepNext: true },
    },
    heading3: {
      run: { font: 'Calibri', size: 22, bold: true, color: '404040' },
      paragraph: { spacing: { before: 200, after: 60 }, keepNext: true },
    },
  },
  paragraphStyles: [
    { id: STYLE.meta, name: 'Playbook details', run: { color: '404040' }, paragraph: { spacing: { after: 40 } } },
    { id: STYLE.label, name: 'Playbook label', run: { bold: true }, paragraph: { spacing: { after: 40 } } },
    {
      id: STYLE.richHeading,
      name: 'Playbook text heading',
      run: { bold: true },
      paragraph: { spacing: { before: 120, after: 60 }, keepNext: true },
    },
    {
      id: STYLE.modelLanguage,
      name: 'Model language',
      paragraph: {
        indent: { left: 360 },
        spacing: { after: 120 },
        border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'A6A6A6', space: 8 } },
      },
    },
  ],
};

/**
 * The playbook as a Word document a lawyer prints: title, type, version, description and categories, then the
 * entries grouped by category (the groups in the order their first entry comes, entries in their own order,
 * those without a category last), each with its importance, standard position, numbered fallbacks with their
 * guidance and approver, unacceptable positions and model language, and finally the list of attachments.
 * Rich text (standard position, model language) keeps its paragraphs, emphasis, lists and links.
 */
export async function buildPlaybookDocx(content: PlaybookContent, meta: PlaybookDocxMeta): Promise<Buffer> {
  const versionLine = meta.version === null ? 'Draft (not published)' : `Version ${meta.version}`;
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: content.name, heading: HeadingLevel.TITLE }),
    detail('Type', content.playbook_type),
    detail('Version', meta.version === null ? 'Draft (not published)' : String(meta.version)),
    detail('Organisation', meta.organisation),
    detail('Exported', formatDate(meta.exportedAt)),
    detail('Categories', content.categories.map((category) => category.name).join(', ') || 'None'),
    ...plainParagraphs(content.description, { spacing: { before: 240 } }),
  ];

  let number = 0;
  for (const group of groupByCategory(content)) {
    children.push(new Paragraph({ text: group.name, heading: HeadingLevel.HEADING_1 }));
    for (const entry of group.entries) children.push(...entryContent(entry, ++number));
  }
  if (content.entries.length === 0) {
    children.push(new Paragraph({ text: 'Entries', heading: HeadingLevel.HEADING_1 }), note('No entries yet.'));
  }

  children.push(new Paragraph({ text: 'Attachments', heading: HeadingLevel.HEADING_1 }));
  if (content.attachments.length === 0) children.push(note('No attachments.'));
  for (const attachment of content.attachments) {
    children.push(new Paragraph({ text: attachment.file_name, bullet: { level: 0 } }));
  }

  const document = new Document({
    creator: PLAYBOOK_DOCX_CREATOR,
    title: content.name,
    subject: `${content.playbook_type} playbook`,
    description: `${content.name}, ${versionLine.toLowerCase()}, ${meta.organisation}`,
    styles: STYLES,
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: { default: footer(`${content.name} · ${versionLine}`) },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

interface CategoryGroup {
  name: string;
  entries: PlaybookEntry[];
}

/** Entries by category: groups in the order of their first entry, the uncategorised ones last. */
export function groupByCategory(content: PlaybookContent): CategoryGroup[] {
  const names = new Map(content.categories.map((category) => [category.id, category.name]));
  const groups = new Map<number | null, CategoryGroup>();
  const uncategorised: CategoryGroup = { name: UNCATEGORISED, entries: [] };
  for (const entry of content.entries) {
    const name = entry.category_id === null ? undefined : names.get(entry.category_id);
    if (name === undefined) {
      uncategorised.entries.push(entry);
      continue;
    }
    const group = groups.get(entry.category_id) ?? { name, entries: [] };
    group.entries.push(entry);
    groups.set(entry.category_id, group);
  }
  const ordered = [...groups.values()];
  return uncategorised.entries.length ? [...ordered, uncategorised] : ordered;
}

function entryContent(entry: PlaybookEntry, number: number): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [
    new Paragraph({ text: `${number}. ${entry.topic}`, heading: HeadingLevel.HEADING_2 }),
    detail('Importance', capitalise(entry.importance)),
    new Paragraph({ text: 'Standard position', heading: HeadingLevel.HEADING_3 }),
    ...richText(entry.standard_position, 'No standard position stated.'),
    new Paragraph({ text: 'Fallback positions', heading: HeadingLevel.HEADING_3 }),
  ];
  if (entry.fallbacks.length === 0) out.push(note('No fallback positions.'));
  entry.fallbacks.forEach((fallback, index) => {
    out.push(
      new Paragraph({
        keepNext: true,
        spacing: { before: 120, after: 40 },
        children: [new TextRun({ text: `Fallback ${index + 1}: `, bold: true }), ...lineRuns(fallback.position)],
      }),
    );
    if (fallback.guidance.trim()) out.push(indented('Guidance', fallback.guidance));
    if (fallback.approver.trim()) out.push(indented('Approved by', fallback.approver));
  });
  out.push(new Paragraph({ text: 'Unacceptable positions', heading: HeadingLevel.HEADING_3 }));
  if (entry.unacceptable.length === 0) out.push(note('None listed.'));
  for (const position of entry.unacceptable) {
    out.push(new Paragraph({ children: lineRuns(position), bullet: { level: 0 } }));
  }
  out.push(new Paragraph({ text: 'Model language', heading: HeadingLevel.HEADING_3 }));
  out.push(...richText(entry.model_language, 'No model language.', STYLE.modelLanguage));
  return out;
}

/** Sanitised rich text as paragraphs; headings inside it stay below the document's own headings. */
function richText(html: string, empty: string, paragraphStyle?: string): (Paragraph | Table)[] {
  const clean = sanitizeRichText(html);
  if (clean === '') return [note(empty)];
  const styleMap: Record<string, string> = { h1: STYLE.richHeading, h2: STYLE.richHeading, h3: STYLE.richHeading };
  if (paragraphStyle) styleMap.p = paragraphStyle;
  return [...htmlToContent(clean, { styleMap })];
}

/** "Label: value" on one line of the document's details. */
function detail(label: string, value: string): Paragraph {
  return new Paragraph({
    style: STYLE.meta,
    children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun({ text: value })],
  });
}

function indented(label: string, value: string): Paragraph {
  return new Paragraph({
    indent: { left: 360 },
    spacing: { after: 40 },
    children: [new TextRun({ text: `${label}: `, italics: true }), ...lineRuns(value)],
  });
}

function note(text: string): Paragraph {
  return new Paragraph({ children: [new TextRun({ text, italics: true, color: '595959' })] });
}

/** Plain text with its line breaks kept inside one paragraph. */
function lineRuns(text: string): TextRun[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line, index) => new TextRun({ text: line, ...(index > 0 ? { break: 1 } : {}) }));
}

/** Plain text (the description) as one paragraph per paragraph of the text. */
function plainParagraphs(text: string, options: { spacing?: { before: number } } = {}): Paragraph[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return paragraphs.map(
    (part, index) => new Paragraph({ children: lineRuns(part), ...(index === 0 && options.spacing ? options : {}) }),
  );
}

function footer(text: string): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({ text: `${text} · Page `, size: 16, color: '595959' }),
          new TextRun({ children: [PageNumber.CURRENT], size: 16, color: '595959' }),
          new TextRun({ text: ' of ', size: 16, color: '595959' }),
          new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 16, color: '595959' }),
        ],
      }),
    ],
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "5 March 2025, 14:03 UTC": the same on every server, whatever its time zone. */
function formatDate(date: Date): string {
  return `${DATE.format(date)} UTC`;
}
