/**
 * Running a template task on the parsing pool (platform/parsing): reading an upload on the request lane, filling
 * on the render lane. A task answers its result or the messages of a refusal as data (an Error's fields do not
 * cross threads); here either becomes the result or the caller's own error, as does the pool's time or memory
 * limit.
 */
import { documentMessages } from '@lexdesk/contract';
import { ParseLimitError, parsePool, type ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';

/** What a template task answers across threads. */
export type TaskOutcome<T> = { ok: T } | { problems: string[] };

export interface TemplateTask {
  /** The module exporting the task (its `import.meta.url`), and the task's name and arguments. */
  module: URL;
  task: string;
  args: unknown[];
  lane: 'request' | 'render';
  /** The error a refusal becomes, with the messages an author reads. */
  refused: (problems: string[]) => Error;
}

export async function runTemplateTask<T>(limits: ParseLimits, who: WorkRequester, job: TemplateTask): Promise<T> {
  const pool = parsePool(limits);
  let outcome: TaskOutcome<T>;
  try {
    outcome = await (job.lane === 'render'
      ? pool.render<TaskOutcome<T>>(who, job.module, job.task, job.args)
      : pool.run<TaskOutcome<T>>(who, job.module, job.task, job.args));
  } catch (error) {
    if (error instanceof ParseLimitError) throw job.refused([documentMessages.tooComplex]);
    throw error;
  }
  if ('problems' in outcome) throw job.refused(outcome.problems);
  return outcome.ok;
}
