import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { richTextSanitizer } from '../../../platform/rich-text/sanitizer.ts';

/** The HTML a rich-text answer may hold (DESIGN §9: sanitised on the server before it is stored or used). */
export const sanitizeRichText = richTextSanitizer({
  extraTags: ['h4', 'span', 'div'],
  allowedAttributes: { a: ['href'] },
});

/** True when `value` looks like HTML (an editor's output) rather than plain text. */
export function isHtml(value: string): boolean {
  return /<\/?(p|br|strong|b|em|i|u|s|ul|ol|li|h[1-4]|a|span|div|blockquote)\b[^>]*>/i.test(value);
}

export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** A line break (`<br>`) instead of text. */
  lineBreak?: boolean;
}

export interface Block {
  runs: TextRun[];
  /** Set for list items: which list (a new instance per `<ul>`/`<ol>` restarts numbering) and the depth. */
  list?: { kind: 'bullet' | 'decimal'; instance: number; level: number };
  heading?: boolean;
  /** The source had white space at its start or end, trimmed here; kept when answers are joined inline. */
  spaceBefore?: boolean;
  spaceAfter?: boolean;
}

interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
}

const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'li', 'ul', 'ol']);
const MARK_OF: Record<string, keyof Marks> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
};

/**
 * Turns sanitised rich text into Word-shaped blocks: paragraphs of formatted runs, list items with their
 * list instance and level. Whitespace is collapsed as a browser would show it.
 */
export function htmlToBlocks(html: string): Block[] {
  const root = parseDocument(sanitizeRichText(html));
  const blocks: Block[] = [];
  let listCounter = 0;
  let current: Block | null = null;

  const flush = () => {
    if (current && current.runs.some((run) => run.lineBreak || run.text.trim() !== '')) {
      trimEdges(current);
      blocks.push(current);
    }
    current = null;
  };
  const open = (template: Omit<Block, 'runs'>): Block => {
    if (!current) current = { ...template, runs: [] };
    return current;
  };

  const walk = (nodes: ChildNode[], marks: Marks, context: Omit<Block, 'runs'>, lists: Block['list'][]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const text = node.data.replace(/\s+/g, ' ');
        if (text === '' || (text === ' ' && !current)) continue;
        open(context).runs.push({ text, ...marks });
        continue;
      }
      if (node.type !== 'tag') continue;
      const element = node as Element;
      const name = element.name.toLowerCase();
      if (name === 'br') {
        open(context).runs.push({ text: '', lineBreak: true });
        continue;
      }
      const mark = MARK_OF[name];
      if (mark) {
        walk(element.children, { ...marks, [mark]: true }, context, lists);
        continue;
      }
      if (!BLOCK_TAGS.has(name)) {
        walk(element.children, marks, context, lists);
        continue;
      }
      if (name === 'ul' || name === 'ol') {
        flush();
        listCounter += 1;
        const parent = lists[lists.length - 1];
        const list = {
          kind: name === 'ul' ? 'bullet' : 'decimal',
          instance: listCounter,
          level: parent ? parent.level + 1 : 0,
        } as const;
        walk(element.children, marks, context, [...lists, { ...list, level: Math.min(list.level, 8) }]);
        flush();
        continue;
      }
      flush();
      const list = lists[lists.length - 1];
      const blockContext: Omit<Block, 'runs'> =
        name === 'li' && list ? { list } : name.startsWith('h') ? { heading: true } : context;
      walk(
        element.children,
        name.startsWith('h') ? { ...marks, bold: true } : marks,
        blockContext,
        name === 'li' ? lists : lists,
      );
      flush();
    }
  };
  walk(root.children, {}, {}, []);
  flush();
  return blocks;
}

/** Blocks that cannot change, for sharing between renders (a mutation throws instead of leaking). */
export function frozenBlocks(blocks: Block[]): readonly Block[] {
  for (const block of blocks) {
    for (const run of block.runs) Object.freeze(run);
    Object.freeze(block.runs);
    if (block.list) Object.freeze(block.list);
    Object.freeze(block);
  }
  return Object.freeze(blocks);
}

function trimEdges(block: Block): void {
  const first = block.runs.find((run) => !run.lineBreak);
  if (first && /^\s/.test(first.text)) {
    first.text = first.text.replace(/^\s+/, '');
    block.spaceBefore = true;
  }
  const last = [...block.runs].reverse().find((run) => !run.lineBreak);
  if (last && /\s$/.test(last.text)) {
    last.text = last.text.replace(/\s+$/, '');
    block.spaceAfter = true;
  }
}

/**
 * Several answers that fill one placeholder, in order. When each is a single plain paragraph (no list, no
 * heading) they join into one paragraph, keeping the spaces at their edges ('Existing matter: ' + 'Lease'
 * reads 'Existing matter: Lease'), so an inline placeholder stays on its line. Otherwise each answer keeps
 * its own paragraphs.
 */
export function joinAnswerBlocks(answers: readonly (readonly Block[])[]): Block[] {
  const present = answers.filter((blocks) => blocks.length > 0);
  const inline = present.every((blocks) => blocks.length === 1 && !blocks[0]?.list && !blocks[0]?.heading);
  if (!inline) return present.flat();
  const runs: TextRun[] = [];
  let pendingSpace = false;
  present.forEach((blocks, index) => {
    const block = blocks[0] as Block;
    if (index > 0 && (pendingSpace || block.spaceBefore)) runs.push({ text: ' ' });
    runs.push(...block.runs.map((run) => ({ ...run })));
    pendingSpace = Boolean(block.spaceAfter);
  });
  return runs.length ? [{ runs }] : [];
}

/** Plain text (a short answer) as blocks: one paragraph per line. */
export function textToBlocks(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => ({ runs: [{ text: line }] }));
}

/** The text of blocks, for the execution summary and the Q&A export. */
export function blocksToText(blocks: readonly Block[]): string {
  return blocks.map((block) => block.runs.map((run) => (run.lineBreak ? '\n' : run.text)).join('')).join('\n');
}
