/**
 * The docxtpl dialect (docs/template-language.md): a .docx whose parts are Jinja programs. Reading a template
 * parses every part and lists what it uses; rendering runs each part on the guarded interpreter and places
 * the answers' rich text. Both run on a parsing worker (jinja-worker.ts), never on the request thread.
 */
import { Environment, parse, tokenize } from '@huggingface/jinja';
import PizZip from 'pizzip';
import { ListNumbering } from '../numbering.ts';
import { htmlToBlocks, type Block } from '../rich-text.ts';
import { partLabel, partText, TEMPLATE_PARTS } from '../template-syntax.ts';
import { partToJinja, usesSingleBraces } from './docx-to-jinja.ts';
import { GuardedInterpreter, TemplateRunError } from './guarded-interpreter.ts';
import { templateEnvironment, type TemplateAnswer } from './jinja-context.ts';
import { TEMPLATE_FUNCTIONS, type LibraryContext } from './library-api.ts';
import { ContentPlacer } from './place-content.ts';
import { PlacedContent } from './runtime-values.ts';
import { programUses, type Program, type ProgramUses } from './template-uses.ts';
import { isWellFormed } from './well-formed.ts';

/** A template that cannot be read as written; each message names the part and what to change. */
export class JinjaSyntaxError extends Error {
  constructor(readonly problems: string[]) {
    super(problems[0] ?? 'The template cannot be read.');
    this.name = 'JinjaSyntaxError';
  }
}

export interface ParsedJinjaTemplate {
  zip: PizZip;
  parts: { file: string; program: Program }[];
  /** `{Tag}` placeholders (docxtemplater's default), read as `{{ Tag }}`. */
  singleBraces: boolean;
  uses: ProgramUses;
}

const KNOWN = { functions: new Set(TEMPLATE_FUNCTIONS.keys()) };

/** The parser's words, made readable for an author (the package's own messages name tokens). */
function syntaxMessage(file: string, error: unknown): string {
  const detail = error instanceof Error ? error.message.replace(/^(Parser|Syntax) Error:\s*/i, '') : 'unreadable';
  return `In ${partLabel(file)}: the template's {% %} / {{ }} syntax cannot be read (${detail}). Check that every {% if %} has its {% endif %} and every {% for %} its {% endfor %}, and that each tag is closed.`;
}

/** Parses every template part of an opened .docx; throws JinjaSyntaxError naming each part that fails. */
export function parseJinjaTemplate(zip: PizZip): ParsedJinjaTemplate {
  const files = Object.keys(zip.files)
    .filter((file) => TEMPLATE_PARTS.test(file))
    .sort((a, b) => partOrder(a) - partOrder(b) || a.localeCompare(b));
  const xmls = files.map((file) => zip.file(file)?.asText() ?? '');
  const singleBraces = usesSingleBraces(xmls.map(partText));
  const parts: ParsedJinjaTemplate['parts'] = [];
  const problems: string[] = [];
  files.forEach((file, index) => {
    const source = partToJinja(xmls[index] ?? '', singleBraces);
    try {
      parts.push({ file, program: parse(tokenize(source)) });
    } catch (error) {
      problems.push(syntaxMessage(file, error));
    }
  });
  if (problems.length) throw new JinjaSyntaxError(problems);
  return {
    zip,
    parts,
    singleBraces,
    uses: programUses(
      parts.map((part) => part.program),
      KNOWN,
    ),
  };
}

/** The main text first, then headers, footers and notes: the order an author reads the questions in. */
function partOrder(file: string): number {
  if (file.startsWith('word/document')) return 0;
  if (file.startsWith('word/header')) return 1;
  if (file.startsWith('word/footer')) return 3;
  return 2;
}

export interface RenderInput {
  answers: readonly TemplateAnswer[];
  library: LibraryContext;
  /** Sub-documents by the name the template includes them by, already parsed (at most SUBDOCUMENT_DEPTH deep). */
  includes: ReadonlyMap<string, ParsedJinjaTemplate>;
  blocksOf?: (html: string) => readonly Block[];
}

export const SUBDOCUMENT_LIMITS = { depth: 3, count: 50 };

/** The body of a sub-document as paragraphs for the including document (its section settings left out). */
function bodyOf(xml: string): string {
  const body = /<w:body>(.*)<\/w:body>/s.exec(xml)?.[1] ?? '';
  return body.replace(/<w:sectPr[ >].*?<\/w:sectPr>\s*$/s, '');
}

/** Runs one part on a fresh interpreter; includes render through the same placed content. */
function runPart(
  program: Program,
  uses: ProgramUses,
  input: RenderInput,
  placed: PlacedContent,
  counter: { includes: number },
  depth: number,
  params?: ReadonlyMap<string, unknown>,
): string {
  const interpreter = new GuardedInterpreter(new Environment(), input.library, placed);
  const env = templateEnvironment(interpreter, uses.uses, input.answers, (name, subParams) => {
    counter.includes += 1;
    if (depth >= SUBDOCUMENT_LIMITS.depth || counter.includes > SUBDOCUMENT_LIMITS.count) {
      throw new TemplateRunError('Sub-documents include each other too deeply or too often.');
    }
    const sub = input.includes.get(name);
    if (!sub) throw new TemplateRunError(`The sub-document "${name}" is not a template of this organisation.`);
    const main = sub.parts.find((part) => part.file === 'word/document.xml');
    if (!main) return '';
    return bodyOf(runPart(main.program, sub.uses, input, placed, counter, depth + 1, subParams));
  });
  for (const [name, value] of params ?? []) env.variables.set(name, value as never);
  try {
    return interpreter.run(program).value as string;
  } catch (error) {
    if (error instanceof RangeError)
      throw new TemplateRunError('The template nests too deeply (a macro that calls itself?).');
    if (error instanceof TemplateRunError) throw error;
    throw new TemplateRunError(
      `The template could not be filled: ${error instanceof Error ? error.message : 'unknown error'}.`,
    );
  }
}

/** Fills the template: every part runs, the answers' rich text is placed, the .docx is written. */
export function renderJinjaTemplate(template: ParsedJinjaTemplate, input: RenderInput): PizZip {
  const { zip } = template;
  const placed = new PlacedContent();
  const numbering = new ListNumbering(zip);
  const placer = new ContentPlacer({ placed, numbering, blocksOf: input.blocksOf ?? htmlToBlocks, renderKey: 'jinja' });
  const counter = { includes: 0 };
  for (const part of template.parts) {
    const xml = placer.placeAll(runPart(part.program, template.uses, input, placed, counter, 0));
    if (!isWellFormed(xml)) {
      throw new TemplateRunError(
        `In ${partLabel(part.file)}: the template's tags cut across Word's paragraphs or tables, so the result would be a broken document. Put each {% %} tag that opens a block in the same kind of place as the one that closes it (use {%p %} for paragraphs, {%tr %} for table rows).`,
      );
    }
    zip.file(part.file, xml);
  }
  numbering.writeTo(zip);
  return zip;
}
