/**
 * The docxtpl dialect's work on a parsing worker (platform/parsing): reading an uploaded template and filling
 * one. A template is untrusted until it ran: its program runs within the interpreter's own limits here, and
 * the worker's time and memory limits stop anything those miss. Refusals come back as data (an Error's
 * fields do not cross threads).
 */
import type { ParseLimits } from '../../../../platform/parsing/parse-pool.ts';
import { runTemplateTask, type TaskOutcome } from '../template-task.ts';
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
export function inspectJinjaFile(file: Uint8Array): TaskOutcome<JinjaInspection> {
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
): TaskOutcome<Uint8Array> {
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

/** A task of this module on the parsing pool; a refusal (or the pool's limit) throws JinjaSyntaxError. */
function onWorker<T>(
  limits: ParseLimits,
  who: WorkRequester,
  task: string,
  args: unknown[],
  lane: 'request' | 'render' = 'request',
): Promise<T> {
  return runTemplateTask<T>(limits, who, {
    module: new URL(import.meta.url),
    task,
    args,
    lane,
    refused: (problems) => new JinjaSyntaxError(problems),
  });
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
