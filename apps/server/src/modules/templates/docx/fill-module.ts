import type { DXT } from 'docxtemplater';
import { emptyParagraphXml, escapeXml, paragraphsXml, runsXml, WrittenProperties } from './ooxml.ts';
import type { ListNumbering } from './numbering.ts';
import { blocksToText, htmlToBlocks, joinAnswerBlocks, textToBlocks, type Block } from './rich-text.ts';
import { checkPlaceholder, type TemplateProblem, type TagUse } from './template-syntax.ts';

export const FILL_MODULE = 'lexdesk-fill';

/**
 * What a tag is filled with: plain text (short answers), sanitised rich text, or several answers that write
 * the same tag, in order (joined inline when each is one paragraph: `joinAnswerBlocks`).
 */
export type TagValue = { text: string } | { html: string } | { parts: TagValue[] };

/** A docxtemplater part as this module reads it (the library types parts loosely). */
interface Part {
  type: string;
  value?: string;
  module?: string;
  tag?: string;
  position?: string;
  offset?: number;
  lIndex?: number;
  subparsed?: Part[];
  expanded?: Part[][];
  /** Set by this module. */
  fill?: Fill;
  [key: string]: unknown;
}

/** Open table cells while walking the parts, and how many were open at the latest paragraph start. */
interface CellDepth {
  depth: number;
  atParagraph: number;
}

function trackCells(cells: CellDepth, part: Part | undefined): void {
  if (part?.type !== 'tag') return;
  if (part.tag === 'w:tc') {
    if (part.position === 'start') cells.depth += 1;
    else if (part.position === 'end') cells.depth -= 1;
  } else if (part.tag === 'w:p' && part.position === 'start') cells.atParagraph = cells.depth;
}

/** Where a placeholder sits: alone in its paragraph (`block`), its paragraph's and run's properties. */
interface Fill {
  block: boolean;
  pPr: string;
  rPr: string;
  inCell: boolean;
  splittable: boolean;
}

const NO_FILL: Fill = Object.freeze({ block: false, pPr: '', rPr: '', inCell: false, splittable: false });

/** One paragraph of unformatted text: written into the placeholder's own run. */
function isPlainText(block: Block): boolean {
  return !block.list && block.runs.every((run) => !run.bold && !run.italic && !run.underline && !run.strike);
}

const isTag = (part: Part | undefined, tag: string, position: string) =>
  part?.type === 'tag' && part.tag === tag && part.position === position;

/** The raw XML of parts[from..to) joined. */
function valuesOf(parts: Part[], from: number, to: number): string {
  let xml = '';
  for (let index = from; index < to; index += 1) xml += parts[index]?.value ?? '';
  return xml;
}

/** Raw XML of parts[from..to] (inclusive) whose tag is `tag`, e.g. the `<w:rPr>…</w:rPr>` of a run. */
function elementXml(parts: Part[], from: number, to: number, tag: string): string {
  let start = -1;
  for (let index = from; index <= to; index += 1) {
    const part = parts[index];
    if (part?.type === 'tag' && part.tag === tag && part.position === 'selfclosing') return part.value ?? '';
    if (isTag(part, tag, 'start')) start = index;
    if (start !== -1 && isTag(part, tag, 'end')) return valuesOf(parts, start, index + 1);
  }
  return '';
}

/**
 * A text element left holding ' residents,' once '{{ planet }}' was taken out of it ('{{ planet }} residents,'
 * split over runs, as Word saves a corrected tag) loses that leading space in Word and LibreOffice unless it
 * says xml:space="preserve": say it wherever the text starts or ends with a space.
 */
function preserveEdgeSpaces(part: Part, next: Part | undefined): void {
  if (part.type !== 'tag' || part.tag !== 'w:t' || part.position !== 'start') return;
  if (!part.value || part.value.includes('xml:space')) return;
  if (next?.type !== 'content' || !/^\s|\s$/.test(next.value ?? '')) return;
  part.value = part.value.replace(/^<w:t\b/, '<w:t xml:space="preserve"');
}

const UNSPLITTABLE = /<w:(hyperlink|sdt|smartTag|ins|del|customXml|fldSimple|moveTo|moveFrom)\b[^>]*[^/]>/g;
const OBJECTS =
  /<(w:drawing|w:pict|w:object|mc:AlternateContent|w:fldChar|w:instrText|w:fldSimple|w:footnoteReference|w:endnoteReference|w:sym)\b/;

/**
 * The docxtemplater module that fills `{{ tag }}` placeholders. It records where each placeholder sits:
 * alone in its paragraph (a rich-text answer then replaces the paragraph with real paragraphs and lists),
 * or inline (formatted runs; further paragraphs split the template paragraph). It also lists the tags and
 * refuses what Lexdesk cannot fill (expressions, raw XML), naming the place.
 */
export class FillModule {
  readonly name = 'LexdeskFillModule';
  readonly problems: TemplateProblem[] = [];
  readonly tags: TagUse[] = [];
  numbering: ListNumbering | null = null;
  private renderCount = 0;
  /** Properties written so far in this render: a template repeats the same few. */
  private readonly properties = new WrittenProperties();
  /** The numbering of a list item of the answer being rendered (the items of one list share it). */
  private readonly numIdOf = (block: Block): number | null =>
    this.numbering?.numIdFor(String(this.renderCount), block) ?? null;

  /** `richText` turns sanitised rich text into blocks (a prepared template converts each text once). */
  constructor(private readonly richText: (html: string) => readonly Block[] = htmlToBlocks) {}

  parse(placeholder: string): Part | null {
    const first = placeholder.trim()[0];
    if (first === '#' || first === '^' || first === '/' || first === '@') return null;
    return { type: 'placeholder', value: placeholder, module: FILL_MODULE };
  }

  postparse(postparsed: Part[], options: { filePath?: string }): Part[] {
    return this.prepare(postparsed, options.filePath ?? '');
  }

  private prepare(parts: Part[], file: string): Part[] {
    // A copy is made only once a paragraph collapses into its placeholder; until then the parts stay as they are.
    let result: Part[] | null = null;
    const cells: CellDepth = { depth: 0, atParagraph: 0 };
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index] as Part;
      if (part.type !== 'placeholder') {
        preserveEdgeSpaces(part, parts[index + 1]);
        trackCells(cells, part);
        result?.push(part);
        continue;
      }
      if (part.module === 'rawxml' || (part.module !== FILL_MODULE && part.module !== 'loop')) {
        this.problems.push({ file, kind: 'raw', tag: part.value ?? '', offset: part.offset ?? 0 });
        result?.push(part);
        continue;
      }
      const kind = part.module === 'loop' ? 'section' : 'value';
      const problem = checkPlaceholder(part.value ?? '');
      if (problem) this.problems.push({ file, kind: problem, tag: part.value ?? '', offset: part.offset ?? 0 });
      else this.tags.push({ tag: part.value ?? '', kind, file });
      if (part.subparsed) part.subparsed = this.prepare(part.subparsed, file);
      if (part.module !== FILL_MODULE) {
        result?.push(part);
        continue;
      }
      const expanded = this.place(parts, index, part, cells.atParagraph > 0);
      if (expanded) {
        // The whole paragraph becomes this one part: drop the paragraph parts already kept and skip the rest.
        if (result) result.splice(result.length - (index - expanded.start));
        else result = parts.slice(0, expanded.start);
        result.push(part);
        for (let skipped = index + 1; skipped <= expanded.end; skipped += 1) trackCells(cells, parts[skipped]);
        index = expanded.end;
      } else result?.push(part);
    }
    return result ?? parts;
  }

  /** Records the placeholder's surroundings; returns the paragraph bounds when it is alone in it. */
  private place(parts: Part[], index: number, part: Part, inCell: boolean): { start: number; end: number } | null {
    let start = index - 1;
    while (start >= 0 && !isTag(parts[start], 'w:p', 'start')) {
      if (isTag(parts[start], 'w:p', 'end')) return null;
      start -= 1;
    }
    let end = index + 1;
    while (end < parts.length && !isTag(parts[end], 'w:p', 'end')) end += 1;
    if (start < 0 || end >= parts.length) return null;
    let runStart = index - 1;
    while (runStart > start && !isTag(parts[runStart], 'w:r', 'start')) runStart -= 1;
    const pPr = elementXml(parts, start, index, 'w:pPr');
    const rPr = runStart > start ? elementXml(parts, runStart, index, 'w:rPr') : '';
    const before = valuesOf(parts, start, runStart);
    const opened = (before.match(UNSPLITTABLE) ?? []).length;
    const closed = (before.match(/<\/w:(hyperlink|sdt|smartTag|ins|del|customXml|fldSimple|moveTo|moveFrom)>/g) ?? [])
      .length;
    const splittable = opened === closed && !pPr.includes('<w:sectPr');
    let alone = true;
    for (let i = start + 1; i < end && alone; i += 1) {
      if (i === index) continue;
      const other = parts[i] as Part;
      if (other.type === 'placeholder') alone = false;
      else if (other.type === 'content' && other.position === 'insidetag' && (other.value ?? '').trim() !== '')
        alone = false;
      else if (other.type === 'tag' && other.tag === 'w:drawing') alone = false;
      else if (OBJECTS.test(other.value ?? '')) alone = false;
    }
    part.fill = { block: alone, pPr, rPr, inCell, splittable };
    return alone ? { start, end } : null;
  }

  render(part: Part, options: { scopeManager: DXT.ScopeManager }): { value: string } | null {
    if (part.module !== FILL_MODULE) return null;
    const raw = options.scopeManager.getValue(part.value ?? '', { part: part as never }) as TagValue | '' | undefined;
    this.renderCount += 1;
    const blocks = raw ? this.blocksOf(raw) : [];
    const fill = part.fill ?? NO_FILL;
    if (fill.block) {
      if (blocks.length === 0) return { value: fill.inCell ? emptyParagraphXml(fill.pPr) : '' };
      return { value: paragraphsXml(blocks, fill.pPr, fill.rPr, this.numIdOf, this.properties) };
    }
    return { value: this.inline(blocks, fill) };
  }

  private blocksOf(value: TagValue): readonly Block[] {
    if ('parts' in value) return joinAnswerBlocks(value.parts.map((part) => this.blocksOf(part)));
    if ('html' in value) return this.richText(value.html);
    return value.text === '' ? [] : textToBlocks(value.text);
  }

  /** Inside a run's `<w:t>`: close it, write runs (and paragraphs when splittable), reopen it. */
  private inline(blocks: readonly Block[], fill: Fill): string {
    if (blocks.length === 0) return '';
    const reopen = `<w:r>${fill.rPr}<w:t xml:space="preserve">`;
    if (blocks.length === 1 && blocks[0] && isPlainText(blocks[0])) {
      return blocks[0].runs
        .map((run) => (run.lineBreak ? '</w:t><w:br/><w:t xml:space="preserve">' : escapeXml(run.text)))
        .join('');
    }
    const [first, ...rest] = blocks;
    if (!first) return '';
    if (rest.length === 0 && !first.list) {
      return `</w:t></w:r>${runsXml(first.runs, fill.rPr, this.properties)}${reopen}`;
    }
    if (!fill.splittable) {
      const text = blocksToText(blocks).split('\n').map(escapeXml).join('</w:t><w:br/><w:t xml:space="preserve">');
      return text;
    }
    // The first paragraph continues the text before the placeholder and the last one carries the text after
    // it, so the line is split only where the answer has a break (no empty paragraph when nothing follows).
    const head = first.list ? null : first;
    const others = head ? rest : [...blocks];
    const last = others[others.length - 1];
    const tail = last && !last.list ? others.pop() : undefined;
    return (
      `</w:t></w:r>${head ? runsXml(head.runs, fill.rPr, this.properties) : ''}</w:p>` +
      paragraphsXml(others, fill.pPr, fill.rPr, this.numIdOf, this.properties) +
      `<w:p>${fill.pPr}${tail ? runsXml(tail.runs, fill.rPr, this.properties) : ''}${reopen}`
    );
  }
}
