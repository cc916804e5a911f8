/**
 * Filling a template in the plain `{{ tag }}` dialect on a render thread (platform/parsing, its render lane), off
 * the thread that answers requests, so concurrent executions use every core. Each thread keeps the versions it
 * filled compiled (checked and parsed once, their rich text converted once), so a render only fills and zips.
 */
import { BoundedLru } from '../../../platform/cache/bounded-lru.ts';
import { asBuffer, type ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { CompiledTemplate, PreparedTemplate } from './docx-engine.ts';
import type { TagValue } from './fill-module.ts';
import { TemplateSyntaxError } from './template-errors.ts';
import { runTemplateTask, type TaskOutcome } from './template-task.ts';

/** This thread's compiled versions, by organisation and content. */
const versions = new BoundedLru<string, CompiledTemplate>({
  maxEntries: 100,
  // A quarter of a thread's default memory limit (PARSE_MEMORY_MB 512), the rest left to the render itself.
  maxSize: 128 * 1024 * 1024,
  // The library's parsed parts of the XML: measured at 27 bytes of heap per character of the document's XML.
  sizeOf: (version) => version.template.file.length + version.xmlSize * 30,
});

/** Thread task: the filled .docx of `file` (known to this thread by `key`) with `values`. */
export function renderPlainFile(
  key: string,
  file: Uint8Array,
  values: Record<string, TagValue>,
): TaskOutcome<Uint8Array> {
  try {
    let compiled = versions.get(key);
    if (!compiled) {
      compiled = new CompiledTemplate(new PreparedTemplate(asBuffer(file)));
      versions.set(key, compiled);
    }
    try {
      return { ok: compiled.render(values) };
    } finally {
      if (compiled.broken) versions.delete(key);
    }
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
