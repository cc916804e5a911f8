/**
 * After a part ran, the markers its outputs left (runtime-values.ts, `PlacedContent`) become Word XML: an
 * answer alone in its paragraph becomes real paragraphs and lists (styled like that paragraph), an answer
 * inline becomes formatted runs, and a macro's or sub-document's paragraphs replace the `{{p }}` paragraph.
 */
import type { TagValue } from '../fill-module.ts';
import type { ListNumbering } from '../numbering.ts';
import { paragraphsXml, runsXml, WrittenProperties } from '../ooxml.ts';
import { joinAnswerBlocks, textToBlocks, type Block, type TextRun } from '../rich-text.ts';
import { wordText } from '../template-syntax.ts';
import { MARK_CLOSE, MARK_OPEN, type Placed, type PlacedContent } from './runtime-values.ts';

const MARKER = new RegExp(`${MARK_OPEN}(\\d+)${MARK_CLOSE}`, 'g');
const ONE_MARKER = new RegExp(`^${MARK_OPEN}(\\d+)${MARK_CLOSE}$`);
const PARAGRAPH = /<w:p[ >](?:(?!<w:p[ >]).)*?<\/w:p>/gs;
const RUN = /<w:r(?:\s[^>]*)?>(?:(?!<\/w:r>).)*?<\/w:r>/gs;

export interface Placement {
  placed: PlacedContent;
  numbering: ListNumbering;
  /** Rich text as blocks (a prepared template converts each text once). */
  blocksOf: (html: string) => readonly Block[];
  /** Distinguishes the lists of one render from another's in the numbering. */
  renderKey: string;
}

function blocksOfValue(value: TagValue, blocksOf: Placement['blocksOf']): Block[] {
  if ('parts' in value) return joinAnswerBlocks(value.parts.map((part) => blocksOfValue(part, blocksOf)));
  if ('html' in value) return [...blocksOf(value.html)];
  return textToBlocks(value.text);
}

/** The runs of blocks on one line: paragraphs after the first start on a new line. */
function inlineRuns(blocks: readonly Block[]): TextRun[] {
  return blocks.flatMap((block, index) => [...(index > 0 ? [{ text: '', lineBreak: true }] : []), ...block.runs]);
}

export class ContentPlacer {
  private readonly written = new WrittenProperties();

  constructor(private readonly placement: Placement) {}

  private entry(index: string): Placed | undefined {
    return this.placement.placed.entries[Number(index)];
  }

  /** A paragraph that holds only one marker, replaced by what the marker stands for (or null). */
  private wholeParagraph(paragraph: string): string | null {
    const only = ONE_MARKER.exec(wordText(paragraph).trim());
    if (!only?.[1]) return null;
    const entry = this.entry(only[1]);
    if (!entry) return null;
    if ('xml' in entry) return entry.xml.includes('<w:p') ? this.placeAll(entry.xml) : null;
    const blocks = blocksOfValue(entry.value, this.placement.blocksOf);
    const plain = blocks.length === 1 && !blocks[0]?.list && !blocks[0]?.heading;
    if (blocks.length === 0 || plain) return null;
    const pPr = /<w:pPr>.*?<\/w:pPr>/s.exec(paragraph)?.[0] ?? '';
    const rPr = /<w:rPr>.*?<\/w:rPr>/s.exec(paragraph.replace(/<w:pPr>.*?<\/w:pPr>/s, ''))?.[0] ?? '';
    const { numbering, renderKey } = this.placement;
    return paragraphsXml(blocks, pPr, rPr, (block) => numbering.numIdFor(renderKey, block), this.written);
  }

  /** A run holding markers, split around each so the content gets its own runs in the run's style. */
  private inline(run: string): string {
    if (!run.includes(MARK_OPEN)) return run;
    const rPr = /<w:rPr>.*?<\/w:rPr>/s.exec(run)?.[0] ?? '';
    return run.replace(MARKER, (_, index: string) => {
      const entry = this.entry(index);
      if (!entry) return '';
      const content =
        'xml' in entry
          ? (this.placeAll(entry.xml).match(RUN) ?? []).join('')
          : runsXml(inlineRuns(blocksOfValue(entry.value, this.placement.blocksOf)), rPr, this.written);
      return `</w:t></w:r>${content}<w:r>${rPr}<w:t xml:space="preserve">`;
    });
  }

  /** Every marker of the XML placed. */
  placeAll(xml: string): string {
    if (!xml.includes(MARK_OPEN)) return xml;
    const paragraphs = xml.replace(PARAGRAPH, (paragraph) =>
      paragraph.includes(MARK_OPEN) ? (this.wholeParagraph(paragraph) ?? paragraph) : paragraph,
    );
    return paragraphs.replace(RUN, (run) => this.inline(run));
  }
}
