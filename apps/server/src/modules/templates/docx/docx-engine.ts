import { documentMessages } from '@lexdesk/contract';
import Docxtemplater, { type DXT } from 'docxtemplater';
import PizZip from 'pizzip';
import { BoundedLru } from '../../../platform/cache/bounded-lru.ts';
import { checkZipInflation, ZipBombError } from '../../../platform/extraction/zip-inflate.ts';
import type { ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import { runTemplateTask, type TaskOutcome } from './template-task.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { NOT_A_DOCX, openTemplateZip, writeTemplateZip } from './docx-zip.ts';
import { FILL_MODULE, FillModule, type TagValue } from './fill-module.ts';
import { ListNumbering } from './numbering.ts';
import { frozenBlocks, htmlToBlocks, type Block } from './rich-text.ts';
import { TemplateSyntaxError } from './template-errors.ts';
import {
  decodeXml,
  TEMPLATE_PARTS,
  wordText,
  problemMessage,
  tagKey,
  wordWindow,
  type TemplateProblem,
} from './template-syntax.ts';

export type { TagValue } from './fill-module.ts';

export { TemplateSyntaxError };

export interface TemplateInspection {
  /** The distinct tags the document uses (first spelling seen), in document order. */
  tags: string[];
}

/**
 * One stored template version, prepared for many renders. The checks depend only on the file, so a version
 * that passed them once is not checked again; the rich text its questions write (the same for every
 * execution) is converted once. Hold one per organisation and version: it is never shared across them.
 */
export class PreparedTemplate {
  /** Set once a render passed every check of the file. */
  checked = false;
  /** 'jinja' once the plain dialect refused the file (template-fill.ts). */
  dialect: 'plain' | 'jinja' | undefined;
  /** The sub-documents a docxtpl-dialect file includes, by name, once read. */
  includes: string[] | undefined;
  /** How render threads know this version: its organisation and content (template-fill.ts). */
  renderKey: string | undefined;
  private readonly richText = new BoundedLru<string, readonly Block[]>({
    maxEntries: 500,
    // About the text and its blocks, in UTF-16 code units.
    maxSize: 2_000_000,
    sizeOf: (_blocks, html) => html.length * 3,
  });

  constructor(readonly file: Buffer) {}

  /** The blocks of sanitised rich text (frozen: shared by every render of this version). */
  blocksOf(html: string): readonly Block[] {
    let blocks = this.richText.get(html);
    if (!blocks) {
      blocks = frozenBlocks(htmlToBlocks(html));
      this.richText.set(html, blocks);
    }
    return blocks;
  }
}

interface DocxTemplaterError {
  message?: string;
  properties?: {
    id?: string;
    file?: string;
    xtag?: string;
    offset?: number;
    explanation?: string;
    context?: string;
    errors?: DocxTemplaterError[];
  };
}

/** Jinja / docxtpl syntax (`{% … %}`) would stay in the document as literal text: name each paragraph. */
function jinjaProblems(zip: PizZip): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const file of Object.keys(zip.files)) {
    if (!TEMPLATE_PARTS.test(file)) continue;
    const xml = zip.file(file)?.asText() ?? '';
    for (const paragraph of xml.split('</w:p>')) {
      const text = wordText(paragraph);
      const match = /\{%.*?(%\}|$)|\{#.*?#\}/.exec(text);
      if (match) problems.push({ file, kind: 'jinja', tag: match[0].slice(0, 60), offset: 0 });
      const single = /(?<!\{)\{[\p{L}_][\p{L}\p{N}_.-]*\}(?!\})/u.exec(text.replace(/\{\{.*?\}\}/g, ''));
      if (single) problems.push({ file, kind: 'single-brace', tag: single[0], offset: 0 });
    }
  }
  return problems;
}

function fromLibrary(error: DocxTemplaterError): TemplateProblem[] {
  const nested = error.properties?.errors;
  if (nested?.length) return nested.flatMap(fromLibrary);
  const props = error.properties ?? {};
  return [
    {
      file: props.file ?? '',
      kind: 'syntax',
      tag: props.xtag ?? '',
      offset: props.offset ?? 0,
      explanation: props.explanation ?? error.message ?? 'The template syntax is broken.',
      ...(props.context ? { context: wordWindow(props.context, 0, 0, 60, false) } : {}),
    },
  ];
}

/** The text of each paragraph of a part, in order (as the author reads it, XML entities decoded). */
function paragraphTexts(zip: PizZip, file: string): string[] {
  const xml = zip.file(file)?.asText() ?? '';
  return xml.split('</w:p>').map((paragraph) =>
    // Line breaks and tabs separate words as spaces do.
    decodeXml(
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(?:br|tab|cr)\b[^>]*\/>/g)]
        .map((m) => m[1] ?? ' ')
        .join(''),
    ),
  );
}

/** The words around the placeholder's first use in its part, within its paragraph. */
function contextOf(zip: PizZip, problem: TemplateProblem): string | undefined {
  const needle = `{{${problem.tag}}}`;
  for (const text of paragraphTexts(zip, problem.file)) {
    const at = text.indexOf(needle);
    if (at !== -1) return wordWindow(text, at, at + needle.length, 30) || undefined;
  }
  return undefined;
}

const MAX_MESSAGES = 5;

/**
 * Throws the problems as messages, each problem once: the same placeholder (or Jinja text) used in several
 * places is named at its first place, with how many places use it.
 */
function fail(problems: TemplateProblem[]): never {
  const uses = new Map<string, { first: TemplateProblem; count: number }>();
  for (const problem of problems) {
    const key = `${problem.kind}\u0000${problem.kind === 'syntax' ? `${problem.explanation ?? ''}${problem.file}${problem.offset}` : tagKey(problem.tag)}`;
    const seen = uses.get(key);
    if (seen) seen.count += 1;
    else uses.set(key, { first: problem, count: 1 });
  }
  const messages = [...new Set([...uses.values()].map(({ first, count }) => problemMessage(first, count)))];
  const shown = messages.slice(0, MAX_MESSAGES);
  if (messages.length > MAX_MESSAGES) shown.push(`…and ${messages.length - MAX_MESSAGES} more problems.`);
  throw new TemplateSyntaxError(shown);
}

/**
 * Compiles the template; throws TemplateSyntaxError with every problem found, each naming its place.
 * `checked`: the file already passed the checks, so the Jinja scan (text only) is not repeated.
 */
function compile(buffer: Buffer, fill: FillModule, checked = false): { doc: Docxtemplater; zip: PizZip } {
  const zip = openTemplateZip(buffer);
  let doc: Docxtemplater;
  const problems = checked ? [] : jinjaProblems(zip);
  try {
    doc = new Docxtemplater(zip, {
      delimiters: { start: '{{', end: '}}' },
      paragraphLoop: true,
      linebreaks: true,
      modules: [fill as unknown as DXT.Module],
      nullGetter: () => '',
      // Problems are reported to the author as messages; the library's console logging would only add noise.
      errorLogging: false,
      parser: (tag: string, meta?: { tag?: { module?: string } }) => ({
        get: (scope: unknown) => {
          if (tag.trim() === '.') return scope;
          if (!scope || typeof scope !== 'object') return undefined;
          const value = (scope as Record<string, TagValue | ''>)[tagKey(tag)];
          // Sections show their content once when the tag has a value, and never loop over it.
          if (meta?.tag?.module === 'loop') return value ? true : value === undefined ? undefined : false;
          return value;
        },
      }),
    });
  } catch (error) {
    fail([...problems, ...fromLibrary(error as DocxTemplaterError)]);
  }
  const found = [...problems, ...fill.problems.map((p) => ({ ...p, context: contextOf(zip, p) }))];
  if (found.length) fail(found);
  return { doc, zip };
}

/**
 * An uploaded template, before anything opens it: unpacked entry by entry with the bytes counted, so a
 * zip bomb (whatever sizes its directory declares) is refused before the zip library inflates it.
 */
export async function checkTemplateArchive(buffer: Buffer): Promise<void> {
  try {
    await checkZipInflation(buffer);
  } catch (error) {
    throw new TemplateSyntaxError([error instanceof ZipBombError ? documentMessages.zipBomb : NOT_A_DOCX]);
  }
}

/** The zip check and the inspection of an uploaded template, for a parsing worker: problems as data. */
export async function inspectUploadedTemplate(buffer: Buffer): Promise<TaskOutcome<TemplateInspection>> {
  try {
    await checkTemplateArchive(buffer);
    return { ok: inspectTemplate(buffer) };
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return { problems: error.problems };
    throw error;
  }
}

/**
 * An uploaded template's tags, read on a parsing worker within its time and memory limits (an uploaded
 * file is untrusted until it passed). Throws TemplateSyntaxError, also for a file past the limits.
 */
export async function inspectTemplateInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  buffer: Buffer,
): Promise<TemplateInspection> {
  return runTemplateTask<TemplateInspection>(limits, who, {
    module: new URL(import.meta.url),
    task: 'inspectUploadedTemplate',
    args: [buffer],
    lane: 'request',
    refused: (problems) => new TemplateSyntaxError(problems),
  });
}

/** Lists the template's tags, or throws TemplateSyntaxError naming every place Lexdesk cannot fill. */
export function inspectTemplate(buffer: Buffer): TemplateInspection {
  const fill = new FillModule();
  compile(buffer, fill);
  const seen = new Map<string, string>();
  for (const use of fill.tags) {
    const key = tagKey(use.tag);
    if (!seen.has(key)) seen.set(key, use.tag.trim().replace(/^[#^]\s*/, ''));
  }
  return { tags: [...seen.values()] };
}

/**
 * A version compiled once and filled many times (a render thread keeps one per version it filled): the library
 * parses the XML and finds the placeholders at compile time, which is most of a render. docxtemplater refuses a
 * second render of one instance because a render changes the zip; this class puts the zip's entries back as
 * compiled before each render (the filled parts and the numbering are written anew every time), so each render
 * starts from the same state. A render that failed leaves the state unknown: `broken` then says to drop it.
 */
export class CompiledTemplate {
  broken = false;
  private readonly fill: FillModule;
  private readonly doc: Docxtemplater;
  private readonly zip: PizZip;
  private readonly compiledEntries: PizZip['files'];
  /** The length of the document's XML parts, in characters: the compiled form holds about 27 bytes a character. */
  readonly xmlSize: number;

  constructor(readonly template: PreparedTemplate) {
    this.fill = new FillModule((html) => template.blocksOf(html));
    ({ doc: this.doc, zip: this.zip } = compile(template.file, this.fill, template.checked));
    template.checked = true;
    this.compiledEntries = { ...this.zip.files };
    this.xmlSize = Object.keys(this.compiledEntries)
      .filter((name) => TEMPLATE_PARTS.test(name))
      .reduce((size, name) => size + (this.zip.file(name)?.asText().length ?? 0), 0);
  }

  /**
   * Fills the template: `values` by tag (compared case-insensitively; a tag without a value is left empty). Rich
   * text becomes real Word paragraphs, runs and lists. Throws TemplateSyntaxError.
   */
  render(values: Record<string, TagValue>): Buffer {
    if (this.broken) throw new Error('This compiled template failed a render: compile the version again.');
    this.zip.files = { ...this.compiledEntries };
    // Private to docxtemplater, reset on purpose (see the class comment): the previous render's data is held by
    // `mapper` and its scope managers. docx-engine.test.ts proves each fill equals a fresh one.
    Object.assign(this.doc, { rendered: false, mapper: undefined, scopeManagers: {} });
    const numbering = new ListNumbering(this.zip);
    this.fill.numbering = numbering;
    const data: Record<string, TagValue | ''> = {};
    for (const [tag, value] of Object.entries(values)) data[tagKey(tag)] = isEmptyValue(value) ? '' : value;
    try {
      this.doc.render(data);
    } catch (error) {
      this.broken = true;
      fail(fromLibrary(error as DocxTemplaterError));
    }
    numbering.writeTo(this.zip);
    return writeTemplateZip(this.zip);
  }
}

/** Compiles and fills the template once (a render thread keeps a CompiledTemplate instead). */
export function renderTemplate(source: Buffer | PreparedTemplate, values: Record<string, TagValue>): Buffer {
  return new CompiledTemplate(source instanceof PreparedTemplate ? source : new PreparedTemplate(source)).render(
    values,
  );
}

/** True when the value writes nothing (a section tag with it is then hidden). */
function isEmptyValue(value: TagValue): boolean {
  if ('parts' in value) return value.parts.every(isEmptyValue);
  if ('html' in value) return value.html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';
  return value.text.trim() === '';
}

export { FILL_MODULE };
