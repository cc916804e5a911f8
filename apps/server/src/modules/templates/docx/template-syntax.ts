/** What Lexdesk fills: `{{ tag }}` and sections `{{#tag}}…{{/tag}}` / `{{^tag}}…{{/tag}}` over tags. */
import { QUESTIONNAIRE_LIMITS, spacesToUnderscores, tagNameProblem } from '@lexdesk/contract';

export type ProblemKind =
  'expression' | 'spaces' | 'empty' | 'raw' | 'jinja' | 'single-brace' | 'prefix' | 'syntax' | 'too-long';

export interface TemplateProblem {
  /** The part of the .docx (word/document.xml, word/header1.xml, …). */
  file: string;
  kind: ProblemKind;
  tag: string;
  offset: number;
  /** docxtemplater's own explanation, for syntax errors. */
  explanation?: string;
  /** Text around the place, so the author can find it. */
  context?: string;
}

export interface TagUse {
  tag: string;
  kind: 'value' | 'section';
  file: string;
}

export const TAG_MAX_LENGTH = QUESTIONNAIRE_LIMITS.tag;
/** docxtpl's paragraph/run/row/cell prefixes (`{{p x }}`, `{{r x }}`), which need its Python engine. */
const DOCXTPL_PREFIX = /^(p|r|tr|tc)\s+\S/;

/**
 * The problem with a placeholder's content, or null when it is a plain tag (or section over one): the
 * contract's tag rule (`tagNameProblem`), the one the questionnaire builder applies to a question's tags.
 */
export function checkPlaceholder(content: string): ProblemKind | null {
  const name = content.trim().replace(/^[#^]/, '').trim();
  if (DOCXTPL_PREFIX.test(name)) {
    return tagNameProblem(name.replace(/^\S+\s+/, '')) === null ? 'prefix' : 'expression';
  }
  const problem = tagNameProblem(name);
  return problem === 'characters' ? 'expression' : problem;
}

/** The comparison key of a tag: trimmed, inner spaces collapsed, case-insensitive. */
export function tagKey(tag: string): string {
  return tag
    .trim()
    .replace(/^[#^/]/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A readable name of a .docx part. */
export function partLabel(file: string): string {
  if (file === 'word/document.xml' || /^word\/document\d*\.xml$/.test(file)) return 'the main text';
  const header = /^word\/header(\d*)\.xml$/.exec(file);
  if (header) return `header ${header[1] || ''}`.trim();
  const footer = /^word\/footer(\d*)\.xml$/.exec(file);
  if (footer) return `footer ${footer[1] || ''}`.trim();
  if (file.includes('footnotes')) return 'the footnotes';
  if (file.includes('endnotes')) return 'the endnotes';
  if (file.includes('comments')) return 'the comments';
  return file || 'the document';
}

const EXPLAIN: Record<Exclude<ProblemKind, 'syntax'>, (tag: string) => string> = {
  expression: (tag) =>
    `The placeholder {{${tag}}} is an expression. Lexdesk fills plain tags only, such as {{ client_name }} (letters, digits, _ . and -, no spaces).`,
  spaces: (tag) =>
    `The placeholder {{${tag}}} has a space in its name, and a question's tag cannot. Write {{ ${spacesToUnderscores(tag.replace(/^\s*[#^]/, ''))} }}.`,
  empty: () => 'A placeholder {{ }} has no tag name. Write the tag between the braces, such as {{ client_name }}.',
  raw: (tag) => `The placeholder {{${tag}}} inserts raw Word XML, which Lexdesk does not allow. Use {{ tag }}.`,
  jinja: (tag) =>
    `The text "${tag}" uses Jinja/Word-macro syntax ({% … %}), which Lexdesk does not run. Use {{ tag }} placeholders.`,
  'single-brace': (tag) =>
    `The text "${tag}" looks like a placeholder with single braces. Lexdesk placeholders use double braces: {${tag}}.`,
  prefix: (tag) =>
    `The placeholder {{${tag}}} uses a docxtpl prefix (p, r, tr, tc) that Lexdesk does not run. Write {{ ${tag.trim().replace(/^(p|r|tr|tc)\s+/, '')} }}.`,
  'too-long': (tag) => `The placeholder {{${tag.slice(0, 40)}…}} is longer than ${TAG_MAX_LENGTH} characters.`,
};

/**
 * One line an author can act on: where (the first place, when `places` > 1 say how many), and what to change.
 */
export function problemMessage(problem: TemplateProblem, places = 1): string {
  const where = `In ${partLabel(problem.file)}${problem.context ? ` near "${problem.context}"` : ''}`;
  const also = places > 1 ? ` It is used in ${places} places.` : '';
  if (problem.kind === 'syntax') return `${where}: ${problem.explanation ?? 'the template syntax is broken.'}${also}`;
  return `${where}: ${EXPLAIN[problem.kind](problem.tag)}${also}`;
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/**
 * The text of [start, end) with up to `radius` characters either side, widened or narrowed so it starts and
 * ends on word boundaries (a word, or with `dropCut` a placeholder, cut at the edge is left out), trimmed.
 */
export function wordWindow(text: string, start: number, end: number, radius: number, dropCut = true): string {
  let from = Math.max(0, start - radius);
  let to = Math.min(text.length, end + radius);
  if (from > 0 && !isSpace(text[from - 1])) {
    while (from < start && !isSpace(text[from])) from += 1;
  }
  if (to < text.length && !isSpace(text[to])) {
    while (to > end && !isSpace(text[to - 1])) to -= 1;
  }
  // A placeholder cut at either edge (`Date: {{`, `x) }} and`) is left out too, unless the problem is that one
  // is unclosed (`dropCut` false).
  const window = text.slice(from, to);
  const kept = dropCut ? window.replace(/\{\{[^}]*$/, '').replace(/^[^{]*\}\}/, '') : window;
  return kept.replace(/\s+/g, ' ').trim();
}

/** The parts of a .docx that can hold template text. */
export const TEMPLATE_PARTS = /^word\/(document\d*|header\d*|footer\d*|footnotes|endnotes)\.xml$/;

/** The text of some WordprocessingML's `<w:t>` elements, joined (entities as written). */
export function wordText(xml: string): string {
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

/** A part's text as its author reads it (runs joined), one line per paragraph; entities as written. */
export function partText(xml: string): string {
  return xml.split('</w:p>').map(wordText).join('\n');
}

/** Text of a `<w:t>` with the five XML entities decoded. */
export function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
