import type PizZip from 'pizzip';
import type { Block } from './rich-text.ts';

const NUMBERING_PART = 'word/numbering.xml';
const NUMBERING_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml';
const NUMBERING_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering';
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const BULLETS = ['\u2022', '\u25E6', '\u25AA'];
const DECIMAL_FORMATS: [string, string][] = [
  ['decimal', '%1.'],
  ['lowerLetter', '%2.'],
  ['lowerRoman', '%3.'],
];

function abstractNumXml(id: number, kind: 'bullet' | 'decimal'): string {
  const levels = Array.from({ length: 9 }, (_, level) => {
    const indent = 720 * (level + 1);
    const [format, text] =
      kind === 'bullet'
        ? ['bullet', BULLETS[level % 3] ?? '\u2022']
        : [DECIMAL_FORMATS[level % 3]?.[0] ?? 'decimal', `%${level + 1}.`];
    // Unicode bullets in a common font (a Symbol-font bullet needs private code points).
    const font = kind === 'bullet' ? '<w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:hint="default"/></w:rPr>' : '';
    return (
      `<w:lvl w:ilvl="${level}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/>` +
      `<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${indent}" w:hanging="360"/></w:pPr>${font}</w:lvl>`
    );
  }).join('');
  const nsid = (0x1a2b0000 + id).toString(16).toUpperCase().padStart(8, '0');
  return `<w:abstractNum w:abstractNumId="${id}"><w:nsid w:val="${nsid}"/><w:multiLevelType w:val="hybridMultilevel"/>${levels}</w:abstractNum>`;
}

/**
 * Numbering for the lists of rich-text answers. Each list of an answer gets its own `w:num`, so numbered
 * lists restart at 1; the definitions are added to the document's numbering part (created when missing).
 */
export class ListNumbering {
  private readonly existingXml: string | null;
  private nextAbstractId: number;
  private nextNumId: number;
  private abstractIds: { bullet?: number; decimal?: number } = {};
  private readonly nums: { numId: number; abstractId: number; restart: boolean }[] = [];
  /** (render call, list instance) → numId, so the items of one list share their numbering. */
  private readonly byInstance = new Map<string, number>();

  constructor(zip: PizZip) {
    this.existingXml = zip.file(NUMBERING_PART)?.asText() ?? null;
    const maxOf = (attribute: string) =>
      Math.max(
        0,
        ...[...(this.existingXml ?? '').matchAll(new RegExp(`${attribute}="(\\d+)"`, 'g'))].map((m) => Number(m[1])),
      );
    this.nextAbstractId = maxOf('w:abstractNumId') + 1;
    this.nextNumId = maxOf('w:numId') + 1;
  }

  /** The numId for a list item of the answer rendered as `renderKey`. */
  numIdFor(renderKey: string, block: Block): number | null {
    if (!block.list) return null;
    const key = `${renderKey}:${block.list.instance}`;
    const known = this.byInstance.get(key);
    if (known !== undefined) return known;
    const kind = block.list.kind;
    let abstractId = this.abstractIds[kind];
    if (abstractId === undefined) {
      abstractId = this.nextAbstractId;
      this.nextAbstractId += 1;
      this.abstractIds[kind] = abstractId;
    }
    const numId = this.nextNumId;
    this.nextNumId += 1;
    this.nums.push({ numId, abstractId, restart: kind === 'decimal' });
    this.byInstance.set(key, numId);
    return numId;
  }

  /** Writes the new definitions into the zip (after rendering). */
  writeTo(zip: PizZip): void {
    if (this.nums.length === 0) return;
    const abstracts = (['bullet', 'decimal'] as const)
      .filter((kind) => this.abstractIds[kind] !== undefined)
      .map((kind) => abstractNumXml(this.abstractIds[kind] ?? 0, kind))
      .join('');
    const nums = this.nums
      .map(
        ({ numId, abstractId, restart }) =>
          `<w:num w:numId="${numId}"><w:abstractNumId w:val="${abstractId}"/>` +
          (restart ? '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>' : '') +
          '</w:num>',
      )
      .join('');
    if (this.existingXml === null) {
      zip.file(
        NUMBERING_PART,
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="${W_NS}">${abstracts}${nums}</w:numbering>`,
      );
      addContentType(zip);
      addRelationship(zip);
      return;
    }
    zip.file(NUMBERING_PART, insertDefinitions(this.existingXml, abstracts, nums));
  }
}

/** abstractNum elements must precede num elements, which precede numIdMacAtCleanup (schema order). */
function insertDefinitions(xml: string, abstracts: string, nums: string): string {
  let result = xml;
  const firstNum = result.search(/<w:num\s|<w:numIdMacAtCleanup|<\/w:numbering>/);
  result = `${result.slice(0, firstNum)}${abstracts}${result.slice(firstNum)}`;
  const afterNums = result.search(/<w:numIdMacAtCleanup|<\/w:numbering>/);
  return `${result.slice(0, afterNums)}${nums}${result.slice(afterNums)}`;
}

function addContentType(zip: PizZip): void {
  const file = '[Content_Types].xml';
  const xml = zip.file(file)?.asText() ?? '';
  if (xml.includes('/word/numbering.xml')) return;
  zip.file(
    file,
    xml.replace('</Types>', `<Override PartName="/word/numbering.xml" ContentType="${NUMBERING_TYPE}"/></Types>`),
  );
}

function addRelationship(zip: PizZip): void {
  const file = 'word/_rels/document.xml.rels';
  const xml = zip.file(file)?.asText() ?? '';
  if (xml.includes(NUMBERING_REL)) return;
  const ids = [...xml.matchAll(/Id="rId(\d+)"/g)].map((m) => Number(m[1]));
  const id = `rId${Math.max(0, ...ids) + 1}`;
  zip.file(
    file,
    xml.replace(
      '</Relationships>',
      `<Relationship Id="${id}" Type="${NUMBERING_REL}" Target="numbering.xml"/></Relationships>`,
    ),
  );
}
