/**
 * Filling a template version in its dialect, on a render thread (the parsing pool's render lane, in the asker's
 * fair turn), so concurrent executions use every core: the plain `{{ tag }}` dialect, or the docxtpl dialect
 * (docs/template-language.md) with its sub-documents. A version's dialect is found once, on its first render.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';
import { TemplateSyntaxError, type PreparedTemplate, type TagValue } from './docx/docx-engine.ts';
import { renderPlainInWorker } from './docx/plain-render-worker.ts';
import type { TemplateAnswer } from './docx/jinja/jinja-context.ts';
import { JinjaSyntaxError, SUBDOCUMENT_LIMITS } from './docx/jinja/jinja-engine.ts';
import { inspectJinjaInWorker, renderJinjaInWorker, type LibrarySettings } from './docx/jinja/jinja-worker.ts';
import { preparedVersion } from './template-cache.ts';
import { templateFiles } from './templates.repo.ts';

export interface FillAnswers {
  /** For the plain dialect: what each tag is filled with. */
  tagValues: Record<string, TagValue>;
  /** For the docxtpl dialect: each tag's answer in words and what it writes. */
  templateAnswers: TemplateAnswer[];
}

/** The plain dialect's messages about docxtpl syntax (template-syntax.ts): expressions, blocks, prefixes. */
const DOCXTPL_SYNTAX = /is an expression|Jinja|docxtpl prefix|single braces/;

/** True when a plain-dialect refusal is about syntax the docxtpl dialect reads (so that dialect is tried). */
export function isDocxtplSyntax(problem: string): boolean {
  return DOCXTPL_SYNTAX.test(problem);
}

const normalName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\.docx$/, '');

/** A version's sub-document names, read on a worker once per version (a version never changes). */
async function includesOf(ctx: AppContext, who: WorkRequester, version: PreparedTemplate): Promise<string[]> {
  version.includes ??= (await inspectJinjaInWorker(ctx.config.parse, who, version.file)).includes;
  return version.includes;
}

interface Subdocument {
  /** The name the including file uses. */
  name: string;
  file: Buffer;
  /** The tags the sub-document reads (its template's, as found at upload). */
  tags: string[];
}

/**
 * The sub-documents a file includes, by the name it uses, and theirs in turn (SUBDOCUMENT_LIMITS.depth): each
 * the current version of a template of the organisation, through the version cache.
 */
async function loadIncludes(
  ctx: AppContext,
  who: WorkRequester,
  organisationId: number,
  names: readonly string[],
): Promise<Subdocument[]> {
  const templates = await templateFiles(ctx.db, organisationId);
  const found = new Map<string, Subdocument>();
  let wanted = [...new Set(names)];
  for (let depth = 0; depth < SUBDOCUMENT_LIMITS.depth && wanted.length; depth += 1) {
    const next: string[] = [];
    for (const name of wanted) {
      if (found.has(name)) continue;
      const row = templates.find(
        (t) => normalName(t.name) === normalName(name) || normalName(t.file_name) === normalName(name),
      );
      // A name no template has is refused by the render, with the name.
      if (!row) continue;
      const sub = await preparedVersion(ctx.db, { organisationId, templateId: row.id, version: row.version }, () =>
        blobStorage(ctx).get(row.file_key),
      );
      found.set(name, { name, file: sub.file, tags: JSON.parse(row.tags) as string[] });
      next.push(...(await includesOf(ctx, who, sub)));
    }
    wanted = next.filter((name) => !found.has(name));
  }
  return [...found.values()];
}

/**
 * The tags the sub-documents of a version read, theirs in turn included: the interview asks for them as for the
 * template's own. A file the plain dialect filled, or that is not in the docxtpl dialect, includes none.
 */
export async function subdocumentTags(
  ctx: AppContext,
  who: WorkRequester,
  organisationId: number,
  source: PreparedTemplate,
): Promise<string[]> {
  if (source.checked) return [];
  let names: string[];
  try {
    names = await includesOf(ctx, who, source);
  } catch (error) {
    if (!(error instanceof JinjaSyntaxError)) throw error;
    source.includes = [];
    return [];
  }
  if (names.length === 0) return [];
  return (await loadIncludes(ctx, who, organisationId, names)).flatMap((sub) => sub.tags);
}

export async function fillTemplate(
  ctx: AppContext,
  who: WorkRequester,
  organisationId: number,
  source: PreparedTemplate,
  answers: FillAnswers,
  library: LibrarySettings,
): Promise<Buffer> {
  if (source.dialect !== 'jinja') {
    try {
      source.renderKey ??= `${organisationId}:${createHash('sha256').update(source.file).digest('base64url')}`;
      return await renderPlainInWorker(ctx.config.parse, who, source.renderKey, source, answers.tagValues);
    } catch (error) {
      // A file the plain dialect refuses for docxtpl syntax was accepted at upload in that dialect; any other
      // refusal (an unclosed tag in a file stored before today's checks) is the plain dialect's to name.
      if (!(error instanceof TemplateSyntaxError) || source.checked || !error.problems.some(isDocxtplSyntax)) {
        throw error;
      }
      source.dialect = 'jinja';
    }
  }
  const names = await includesOf(ctx, who, source);
  const includes = names.length ? await loadIncludes(ctx, who, organisationId, names) : [];
  return renderJinjaInWorker(
    ctx.config.parse,
    who,
    source.file,
    answers.templateAnswers,
    library,
    includes.map((sub): [string, Buffer] => [sub.name, sub.file]),
  );
}
