import { randomUUID } from 'node:crypto';
import { nowIso, type AppContext } from '../context.ts';
import { dialectOf } from '../search/search.service.ts';
import { claimNextJob, failJob, finishJob, insertJob, type JobRow } from './jobs.repo.ts';

/**
 * Durable background work (DESIGN §5): jobs are rows, so they survive a restart. A worker leases a job;
 * a lease that runs out (the worker died) lets another take it over. Failures retry with exponential
 * backoff; after the last attempt the handler's `onGivenUp` records the failure where users see it.
 */
export interface JobHandler<P = unknown> {
  run: (ctx: AppContext, payload: P, job: JobRow) => Promise<void>;
  /** Called once the job will not be tried again (inside no transaction). */
  onGivenUp?: (ctx: AppContext, payload: P, error: string) => Promise<void>;
  /** Called before a retry is scheduled (for a visible "queued again" state). */
  onRetry?: (ctx: AppContext, payload: P, error: string) => Promise<void>;
}

const handlers = new Map<string, JobHandler<never>>();
const runners = new Set<JobRunner>();

/** Wakes this process's runners (after an enqueue has committed) so work starts without waiting a poll. */
export function wakeJobRunners(): void {
  for (const runner of runners) runner.wake();
}

/** Registers the handler of a job kind (once per process; modules call it when their routes load). */
export function registerJobHandler<P>(kind: string, handler: JobHandler<P>): void {
  handlers.set(kind, handler as JobHandler<never>);
}

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  /** First retry after this; each next one doubles it. */
  backoffMs: 5_000,
  leaseMs: 5 * 60_000,
};

/** Adds a job (in the caller's transaction, so it exists exactly when the work it belongs to does). */
export async function enqueueJob(
  ctx: AppContext,
  kind: string,
  payload: unknown,
  options: { organisationId?: number | null; maxAttempts?: number } = {},
): Promise<number> {
  const now = nowIso(ctx);
  return insertJob(ctx.db, {
    organisation_id: options.organisationId ?? null,
    kind,
    payload: JSON.stringify(payload ?? {}),
    run_after: now,
    max_attempts: options.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
    created_at: now,
  });
}

/** Takes and runs one due job as `worker`; false when none was due. */
export async function runNextJob(ctx: AppContext, worker: string): Promise<boolean> {
  const now = ctx.now();
  const job = await claimNextJob(
    ctx.db,
    dialectOf(ctx),
    [...handlers.keys()],
    now.toISOString(),
    new Date(now.getTime() + JOB_DEFAULTS.leaseMs).toISOString(),
    worker,
  );
  if (!job) return false;
  const handler = handlers.get(job.kind) as JobHandler<unknown> | undefined;
  const payload = JSON.parse(job.payload) as unknown;
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler.run(ctx, payload, job);
    await finishJob(ctx.db, job.id, worker, nowIso(ctx));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retry = job.attempts < job.max_attempts;
    const retryAt = retry
      ? new Date(ctx.now().getTime() + JOB_DEFAULTS.backoffMs * 2 ** (job.attempts - 1)).toISOString()
      : null;
    ctx.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed');
    await failJob(ctx.db, job.id, worker, nowIso(ctx), message, retryAt);
    if (retry) await handler?.onRetry?.(ctx, payload, message);
    else await handler?.onGivenUp?.(ctx, payload, message);
  }
  return true;
}

/** Runs every due job now, in this call (tests, the benchmark, a one-off maintenance run). */
export async function runDueJobs(ctx: AppContext): Promise<number> {
  const worker = `${process.pid}-inline-${randomUUID().slice(0, 8)}`;
  let count = 0;
  while (await runNextJob(ctx, worker)) count += 1;
  return count;
}

export interface JobRunner {
  /** Look for work now (after an enqueue) instead of at the next poll. */
  wake: () => void;
  /** Runs due jobs until none is left (tests and the benchmark use it to wait). */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts `concurrency` workers polling every `pollMs`; stop() waits for the jobs in hand. */
export function startJobRunner(ctx: AppContext, options: { concurrency: number; pollMs: number }): JobRunner {
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let active = 0;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();

  const runOne = () => runNextJob(ctx, worker);

  const loop = async (): Promise<void> => {
    active += 1;
    try {
      while (!stopped && (await runOne()));
    } catch (error) {
      ctx.log.error({ err: error }, 'job runner failed');
    } finally {
      active -= 1;
    }
  };

  const spawn = () => {
    while (!stopped && active < options.concurrency) {
      const running = loop();
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      spawn();
      schedule();
    }, options.pollMs);
    timer.unref();
  };
  schedule();

  const runner: JobRunner = {
    wake: () => spawn(),
    async drain() {
      while (await runOne());
    },
    async stop() {
      stopped = true;
      runners.delete(runner);
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
  runners.add(runner);
  return runner;
}
