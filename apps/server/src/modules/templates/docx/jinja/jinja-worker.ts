/**
 * The docxtpl dialect's work on a parsing worker (platform/parsing): reading an uploaded template and filling
 * one. A template is untrusted until it ran: its program runs within the interpreter's own limits here, and
 * the worker's time and memory limits stop anything those miss. Refusals come back as data (an Error's
 * fields do not cross threads).
 */
import { documentMessages } from '@lexdesk/contract';
import { ParseLimitError, parsePool, type ParseLimits } from '../../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../../platform/queues/fair-queue.ts';
import { openTemplateZip, writeTemplateZip } from '../docx-zip.ts';
import { TemplateSyntaxError } from '../template-errors.ts';
import { TemplateRunError } from './guarded-interpreter.ts';
import { JinjaSyntaxError, parseJinjaTemplate, renderJinjaTemplate, type ParsedJinjaTemplate } from './jinja-engine.ts';
import type { TemplateAnswer } from './jinja-context.ts';
import type { TemplateUse } from './template-uses.ts';

export interface JinjaInspection {
  uses: TemplateUse[];
  includes: string[];
  singleBraces: boolean;
}

/** What the worker answers: a result, or the messages of a refusal. */
type Outcome<T> = { ok: T } | { problems: string[] };

/** The library's context, as it crosses threads (a date as its ISO day). */
export interface LibrarySettings {
  currency: string;
  today: string;
  timeZone: string;
  locale: string;
}

function refusal(error: unknown): { problems: string[] } {
  if (error instanceof JinjaSyntaxError) return { problems: error.problems };
  if (error instanceof TemplateRunError) return { problems: [error.message] };
  if (error instanceof TemplateSyntaxError) return { problems: error.problems };
  throw error;
}

function parseFile(file: Uint8Array): ParsedJinjaTemplate {
  return parseJinjaTemplate(openTemplateZip(Buffer.from(file.buffer, file.byteOffset, file.byteLength)));
}

/** Worker task: what an uploaded template uses. */
export function inspectJinjaFile(file: Uint8Array): Outcome<JinjaInspection> {
  try {
    const { uses, singleBraces } = parseFile(file);
    return { ok: { uses: uses.uses, includes: uses.includes, singleBraces } };
  } catch (error) {
    return refusal(error);
  }
}

/** Worker task: the filled .docx. `includes`: the sub-documents' files by the name the template uses. */
export function renderJinjaFile(
  file: Uint8Array,
  answers: TemplateAnswer[],
  library: LibrarySettings,
  includes: [string, Uint8Array][],
): Outcome<Uint8Array> {
  try {
    const template = parseFile(file);
    const parsedIncludes = new Map(includes.map(([name, bytes]) => [name, parseFile(bytes)]));
    const zip = renderJinjaTemplate(template, {
      answers,
      library: { ...library, today: new Date(library.today) },
      includes: parsedIncludes,
    });
    return { ok: writeTemplateZip(zip) };
  } catch (error) {
    return refusal(error);
  }
}

/** The limits' refusal, or the template's own, as the problems an author reads. */
async function onWorker<T>(
  limits: ParseLimits,
  who: WorkRequester,
  task: string,
  args: unknown[],
  lane: 'request' | 'render' = 'request',
): Promise<T> {
  let outcome: Outcome<T>;
  try {
    const pool = parsePool(limits);
    const module = new URL(import.meta.url);
    outcome = await (lane === 'render' ? pool.render(who, module, task, args) : pool.run(who, module, task, args));
  } catch (error) {
    if (error instanceof ParseLimitError) throw new JinjaSyntaxError([documentMessages.tooComplex]);
    throw error;
  }
  if ('problems' in outcome) throw new JinjaSyntaxError(outcome.problems);
  return outcome.ok;
}

export function inspectJinjaInWorker(limits: ParseLimits, who: WorkRequester, file: Buffer): Promise<JinjaInspection> {
  return onWorker(limits, who, 'inspectJinjaFile', [file]);
}

export async function renderJinjaInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  file: Buffer,
  answers: TemplateAnswer[],
  library: LibrarySettings,
  includes: [string, Buffer][],
): Promise<Buffer> {
  const bytes = await onWorker<Uint8Array>(
    limits,
    who,
    'renderJinjaFile',
    [file, answers, library, includes],
    'render',
  );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
