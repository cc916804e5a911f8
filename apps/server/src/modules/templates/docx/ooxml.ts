import type { Block, TextRun } from './rich-text.ts';

const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Escapes text for a WordprocessingML text node or attribute. Drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

// Word rejects properties out of schema order, so children are re-sorted by these sequences.
const RPR_ORDER =
  'rStyle rFonts b bCs i iCs caps smallCaps strike dstrike outline shadow emboss imprint noProof snapToGrid vanish webHidden color spacing w kern position sz szCs highlight u effect bdr shd fitText vertAlign rtl cs em lang eastAsianLayout specVanish oMath rPrChange'.split(
    ' ',
  );
const PPR_ORDER =
  'pStyle keepNext keepLines pageBreakBefore framePr widowControl numPr suppressLineNumbers pBdr shd tabs suppressAutoHyphens kinsoku wordWrap overflowPunct topLinePunct autoSpaceDE autoSpaceDN bidi adjustRightInd snapToGrid spacing ind contextualSpacing mirrorIndents suppressOverlap jc textDirection textAlignment textboxTightWrap outlineLvl divId cnfStyle rPr sectPr pPrChange'.split(
    ' ',
  );

interface XmlChild {
  name: string;
  xml: string;
}

const ELEMENT_EDGES = {
  rPr: { open: /^<w:rPr(\s[^>]*)?>/, close: /<\/w:rPr>$/ },
  pPr: { open: /^<w:pPr(\s[^>]*)?>/, close: /<\/w:pPr>$/ },
};
const CHILD = /<w:([A-Za-z]+)\b(?:[^>]*?\/>|[^>]*>[\s\S]*?<\/w:\1>)/g;

/** The top-level children of a `<w:rPr>`/`<w:pPr>` element's XML. */
function childrenOf(element: string, tag: 'rPr' | 'pPr'): XmlChild[] {
  if (!element || element.startsWith(`<w:${tag}/>`)) return [];
  const inner = element.replace(ELEMENT_EDGES[tag].open, '').replace(ELEMENT_EDGES[tag].close, '');
  const children: XmlChild[] = [];
  for (const match of inner.matchAll(CHILD)) children.push({ name: match[1] ?? '', xml: match[0] });
  return children;
}

function rankIn(order: string[], name: string): number {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
}

function build(tag: 'rPr' | 'pPr', children: XmlChild[], order: string[]): string {
  if (children.length === 0) return '';
  const sorted = [...children].sort((a, b) => rankIn(order, a.name) - rankIn(order, b.name));
  return `<w:${tag}>${sorted.map((child) => child.xml).join('')}</w:${tag}>`;
}

/**
 * Run and paragraph properties already written during one render. A template repeats the same few, and
 * parsing and re-sorting them for every placeholder was most of this file's work. One per render.
 */
export class WrittenProperties {
  /** Base run properties → by marks (bold 1, italic 2, strike 4, underline 8). */
  readonly runs = new Map<string, string[]>();
  /** Base paragraph properties → [not the last block, the last block], for blocks that are not list items. */
  readonly paragraphs = new Map<string, string[]>();
}

/** The placeholder's run properties with the rich-text marks of `run` added. */
function runProperties(baseRPr: string, run: TextRun, written?: WrittenProperties): string {
  const key = (run.bold ? 1 : 0) | (run.italic ? 2 : 0) | (run.strike ? 4 : 0) | (run.underline ? 8 : 0);
  let byMarks = written?.runs.get(baseRPr);
  const known = byMarks?.[key];
  if (known !== undefined) return known;
  const xml = newRunProperties(baseRPr, run);
  if (written) {
    if (!byMarks) written.runs.set(baseRPr, (byMarks = []));
    byMarks[key] = xml;
  }
  return xml;
}

function newRunProperties(baseRPr: string, run: TextRun): string {
  const marks: XmlChild[] = [];
  if (run.bold) marks.push({ name: 'b', xml: '<w:b/>' }, { name: 'bCs', xml: '<w:bCs/>' });
  if (run.italic) marks.push({ name: 'i', xml: '<w:i/>' }, { name: 'iCs', xml: '<w:iCs/>' });
  if (run.strike) marks.push({ name: 'strike', xml: '<w:strike/>' });
  if (run.underline) marks.push({ name: 'u', xml: '<w:u w:val="single"/>' });
  const replaced = new Set(marks.map((mark) => mark.name));
  const base = childrenOf(baseRPr, 'rPr').filter((child) => !replaced.has(child.name));
  return build('rPr', [...base, ...marks], RPR_ORDER);
}

/** Runs for inline use: inside a paragraph, after the placeholder's own run was closed. */
export function runsXml(runs: readonly TextRun[], baseRPr: string, written?: WrittenProperties): string {
  return runs
    .map((run) => {
      const props = runProperties(baseRPr, run, written);
      if (run.lineBreak) return `<w:r>${props}<w:br/></w:r>`;
      if (run.text === '') return '';
      return `<w:r>${props}<w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`;
    })
    .join('');
}

/**
 * Paragraph properties for one block: the template paragraph's, with list numbering for list items.
 * A section break (sectPr) stays only on the last paragraph, or the answer would split the section.
 */
function paragraphProperties(
  basePPr: string,
  block: Block,
  numId: number | null,
  last: boolean,
  written?: WrittenProperties,
): string {
  if (numId !== null && block.list) return newParagraphProperties(basePPr, block, numId, last);
  let byLast = written?.paragraphs.get(basePPr);
  const known = byLast?.[last ? 1 : 0];
  if (known !== undefined) return known;
  const xml = newParagraphProperties(basePPr, block, numId, last);
  if (written) {
    if (!byLast) written.paragraphs.set(basePPr, (byLast = []));
    byLast[last ? 1 : 0] = xml;
  }
  return xml;
}

function newParagraphProperties(basePPr: string, block: Block, numId: number | null, last: boolean): string {
  let children = childrenOf(basePPr, 'pPr').filter(
    (child) => child.name !== 'numPr' && (last || child.name !== 'sectPr'),
  );
  if (numId !== null && block.list) {
    children = children.filter((child) => child.name !== 'ind');
    children.push({
      name: 'numPr',
      xml: `<w:numPr><w:ilvl w:val="${block.list.level}"/><w:numId w:val="${numId}"/></w:numPr>`,
    });
  }
  return build('pPr', children, PPR_ORDER);
}

/** Whole paragraphs for the blocks, styled like the template paragraph that held the placeholder. */
export function paragraphsXml(
  blocks: readonly Block[],
  basePPr: string,
  baseRPr: string,
  numIdOf: (block: Block) => number | null,
  written?: WrittenProperties,
): string {
  return blocks
    .map((block, index) => {
      const numId = block.list ? numIdOf(block) : null;
      const pPr = paragraphProperties(basePPr, block, numId, index === blocks.length - 1, written);
      return `<w:p>${pPr}${runsXml(block.runs, baseRPr, written)}</w:p>`;
    })
    .join('');
}

/** An empty paragraph keeping the template paragraph's properties (a table cell needs one). */
export function emptyParagraphXml(basePPr: string): string {
  return `<w:p>${build(
    'pPr',
    childrenOf(basePPr, 'pPr').filter((child) => child.name !== 'numPr'),
    PPR_ORDER,
  )}</w:p>`;
}
