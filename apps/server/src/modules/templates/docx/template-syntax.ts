/** What Lexdesk fills: `{{ tag }}` and sections `{{#tag}}…{{/tag}}` / `{{^tag}}…{{/tag}}` over tags. */
export type ProblemKind = 'expression' | 'empty' | 'raw' | 'jinja' | 'single-brace' | 'prefix' | 'syntax' | 'too-long';

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

export const TAG_MAX_LENGTH = 254;
/** Letters, digits, `_`, `-` and `.`: a tag a question can carry (spec: at most 254 characters). */
const TAG_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_.-]*$/u;
/** docxtpl's paragraph/run/row/cell prefixes (`{{p x }}`, `{{r x }}`), which need its Python engine. */
const DOCXTPL_PREFIX = /^(p|r|tr|tc)\s+\S/;

/** The problem with a placeholder's content, or null when it is a plain tag (or section over one). */
export function checkPlaceholder(content: string): ProblemKind | null {
  const name = content.trim().replace(/^[#^]/, '').trim();
  if (name === '') return 'empty';
  if (name.length > TAG_MAX_LENGTH) return 'too-long';
  if (DOCXTPL_PREFIX.test(name)) return TAG_PATTERN.test(name.replace(/^\S+\s+/, '').trim()) ? 'prefix' : 'expression';
  return TAG_PATTERN.test(name) ? null : 'expression';
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
    `The placeholder {{${tag}}} is an expression. Lexdesk fills plain tags only, such as {{ client_name }} (letters, digits, _ - . and spaces).`,
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

/** One line an author can act on: where, and what to change. */
export function problemMessage(problem: TemplateProblem): string {
  const where = `In ${partLabel(problem.file)}${problem.context ? ` near "${problem.context}"` : ''}`;
  if (problem.kind === 'syntax') return `${where}: ${problem.explanation ?? 'the template syntax is broken.'}`;
  return `${where}: ${EXPLAIN[problem.kind](problem.tag)}`;
}
