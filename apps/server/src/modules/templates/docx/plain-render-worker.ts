/**
 * Filling a template in the plain `{{ tag }}` dialect on a render thread (platform/parsing, its render lane), off
 * the thread that answers requests, so concurrent executions use every core. Each thread keeps the versions it
 * filled, checked once and their rich text converted once, as the request thread used to.
 */
import { BoundedLru } from '../../../platform/cache/bounded-lru.ts';
import { asBuffer, type ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { PreparedTemplate, renderTemplate } from './docx-engine.ts';
import type { TagValue } from './fill-module.ts';
import { TemplateSyntaxError } from './template-errors.ts';
import { runTemplateTask, type TaskOutcome } from './template-task.ts';

/** This thread's prepared versions, by organisation and content. */
const versions = new BoundedLru<string, PreparedTemplate>({
  maxEntries: 100,
  maxSize: 256 * 1024 * 1024,
  // The file, its parsed XML and its converted rich text: a few times the file.
  sizeOf: (version) => version.file.length * 4,
});

/** Thread task: the filled .docx of `file` (known to this thread by `key`) with `values`. */
export function renderPlainFile(
  key: string,
  file: Uint8Array,
  values: Record<string, TagValue>,
): TaskOutcome<Uint8Array> {
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
  const filled = await runTemplateTask<Uint8Array>(limits, who, {
    module: new URL(import.meta.url),
    task: 'renderPlainFile',
    args: [key, source.file, values],
    lane: 'render',
    refused: (problems) => new TemplateSyntaxError(problems),
  });
  source.checked = true;
  return asBuffer(filled);
}
