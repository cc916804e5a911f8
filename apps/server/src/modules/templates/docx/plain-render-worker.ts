/**
 * Filling a template in the plain `{{ tag }}` dialect on a render thread (platform/parsing, its render lane), off
 * the thread that answers requests, so concurrent executions use every core. Each thread keeps the versions it
 * filled, checked once and their rich text converted once, as the request thread used to.
 */
import { documentMessages } from '@lexdesk/contract';
import { BoundedLru } from '../../../platform/cache/bounded-lru.ts';
import { asBuffer, ParseLimitError, parsePool, type ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { PreparedTemplate, renderTemplate } from './docx-engine.ts';
import type { TagValue } from './fill-module.ts';
import { TemplateSyntaxError } from './template-errors.ts';

/** What the thread answers: the filled .docx, or the messages of a refusal (an Error does not cross threads). */
type Outcome = { ok: Uint8Array } | { problems: string[] };

/** This thread's prepared versions, by organisation and content. */
const versions = new BoundedLru<string, PreparedTemplate>({
  maxEntries: 100,
  maxSize: 256 * 1024 * 1024,
  // The file, its parsed XML and its converted rich text: a few times the file.
  sizeOf: (version) => version.file.length * 4,
});

/** Thread task: the filled .docx of `file` (known to this thread by `key`) with `values`. */
export function renderPlainFile(key: string, file: Uint8Array, values: Record<string, TagValue>): Outcome {
  let source = versions.get(key);
  if (!source) {
    source = new PreparedTemplate(asBuffer(file));
    versions.set(key, source);
  }
  try {
    return { ok: renderTemplate(source, values) };
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return { problems: error.problems };
    throw error;
  }
}

/**
 * Fills `source` on a render thread for `who`, in their fair turn. `key` names the version's content within its
 * organisation (the thread's cache). Throws TemplateSyntaxError with the places to fix, as on this thread.
 */
export async function renderPlainInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  key: string,
  source: PreparedTemplate,
  values: Record<string, TagValue>,
): Promise<Buffer> {
  let outcome: Outcome;
  try {
    outcome = await parsePool(limits).render<Outcome>(who, new URL(import.meta.url), 'renderPlainFile', [
      key,
      source.file,
      values,
    ]);
  } catch (error) {
    if (error instanceof ParseLimitError) throw new TemplateSyntaxError([documentMessages.tooComplex]);
    throw error;
  }
  if ('problems' in outcome) throw new TemplateSyntaxError(outcome.problems);
  source.checked = true;
  return asBuffer(outcome.ok);
}
