import { randomUUID } from 'node:crypto';
import { nowIso, type AppContext } from '../context.ts';
import { dialectOf } from '../../db/dialect.ts';
import { holdLease } from './jobs.lease.ts';
import {
  claimExhaustedJob,
  claimNextJob,
  failJob,
  finishJob,
  insertJob,
  renewLease,
  type JobRow,
} from './jobs.repo.ts';

export type { JobRow };

/**
 * Durable background work (DESIGN §5): jobs are rows, so they survive a restart. Each worker has its own
 * id and leases the job it runs, renewing the lease while the handler works; a lease that runs out (the
 * worker died) lets another take the job over. Every claim counts an attempt. Failures retry with
 * exponential backoff; after the last attempt (also one that never finished, because it took the process
 * down) the handler's `onGivenUp` records the failure where users see it.
 */
export interface JobHandler<P = unknown> {
  run: (ctx: AppContext, payload: P, job: JobRow) => Promise<void>;
  /** Called once the job will not be tried again (inside no transaction). */
  onGivenUp?: (ctx: AppContext, payload: P, error: string, job: JobRow) => Promise<void>;
  /** Called before a retry is scheduled (for a visible "queued again" state). */
  onRetry?: (ctx: AppContext, payload: P, error: string, job: JobRow) => Promise<void>;
}

/**
 * A failure that another attempt cannot fix (a file past the parsing limits, say): the job is given up at
 * once instead of costing every retry the same time again.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
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
  /** How often a running job's lease is renewed: well inside the lease, so a busy moment never loses it. */
  heartbeatMs: 60_000,
};

export interface RunJobOptions {
  /** Lease renewal interval (tests shorten it). */
  heartbeatMs?: number;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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

/**
 * Takes and runs one due job as `worker` (or gives up one whose last attempt never finished); false when
 * none was due. `worker` must be this worker's own id: the lease, its renewal and the finish check it.
 */
export async function runNextJob(ctx: AppContext, worker: string, options: RunJobOptions = {}): Promise<boolean> {
  const kinds = [...handlers.keys()];
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + JOB_DEFAULTS.leaseMs).toISOString();
  const exhausted = await claimExhaustedJob(ctx.db, dialectOf(ctx), kinds, now.toISOString(), lockedUntil, worker);
  if (exhausted) {
    const message = `Stopped after ${exhausted.attempts} attempts: the last one did not finish (the server stopped or the work took too long).`;
    await giveUp(ctx, exhausted, worker, message);
    return true;
  }
  const job = await claimNextJob(ctx.db, dialectOf(ctx), kinds, now.toISOString(), lockedUntil, worker);
  if (!job) return false;
  const handler = handlers.get(job.kind) as JobHandler<unknown> | undefined;
  const lease = holdLease(ctx, job, worker, {
    leaseMs: JOB_DEFAULTS.leaseMs,
    heartbeatMs: options.heartbeatMs ?? JOB_DEFAULTS.heartbeatMs,
  });
  let failure: string | undefined;
  let permanent = false;
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler.run(ctx, JSON.parse(job.payload) as unknown, job);
  } catch (error) {
    failure = messageOf(error);
    permanent = error instanceof PermanentJobError;
  } finally {
    await lease.stop();
  }
  if (failure === undefined) {
    if (!(await finishJob(ctx.db, job.id, worker, nowIso(ctx))))
      ctx.log.error({ jobId: job.id, kind: job.kind, worker }, 'job finished after its lease was taken over');
    return true;
  }
  ctx.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: failure }, 'job failed');
  if (permanent || job.attempts >= job.max_attempts) {
    await giveUp(ctx, job, worker, failure);
    return true;
  }
  const retryAt = new Date(ctx.now().getTime() + JOB_DEFAULTS.backoffMs * 2 ** (job.attempts - 1)).toISOString();
  await endAttempt(ctx, job, worker, failure, retryAt);
  return true;
}

/** Records that `job` will not be tried again (onGivenUp, then the job's row). */
async function giveUp(ctx: AppContext, job: JobRow, worker: string, error: string): Promise<void> {
  ctx.log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: error }, 'job given up');
  await endAttempt(ctx, job, worker, error, null);
}

/**
 * Ends a failed attempt: the handler's hook (onRetry, or onGivenUp when `retryAt` is null) runs first, while
 * this worker still holds the lease, then the job's row is queued for `retryAt` or marked failed. In that
 * order, whoever sees the job waiting or ended also sees what the hook recorded (an outbox row's error); if
 * the process stops in between, the lease runs out and another worker takes the job up again.
 */
async function endAttempt(
  ctx: AppContext,
  job: JobRow,
  worker: string,
  error: string,
  retryAt: string | null,
): Promise<void> {
  const handler = handlers.get(job.kind) as JobHandler<unknown> | undefined;
  const now = ctx.now();
  const stillOurs = await renewLease(
    ctx.db,
    job.id,
    worker,
    now.toISOString(),
    new Date(now.getTime() + JOB_DEFAULTS.leaseMs).toISOString(),
  );
  if (!stillOurs) return;
  const hook = retryAt ? handler?.onRetry : handler?.onGivenUp;
  try {
    await hook?.(ctx, JSON.parse(job.payload) as unknown, error, job);
  } catch (failure) {
    ctx.log.error({ jobId: job.id, kind: job.kind, err: messageOf(failure) }, 'job failure hook failed');
  }
  await failJob(ctx.db, job.id, worker, nowIso(ctx), error, retryAt);
}

/** Runs every due job now, in this call (tests, the benchmark, a one-off maintenance run). */
export async function runDueJobs(ctx: AppContext): Promise<number> {
  const worker = workerId('inline');
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

/** A worker's own id (process, random part, role): the lease of the job it runs names it alone. */
const workerId = (role: string): string => `${process.pid}-${role}-${randomUUID().slice(0, 8)}`;

/** Starts `concurrency` workers polling every `pollMs`; stop() waits for the jobs in hand. */
export function startJobRunner(
  ctx: AppContext,
  options: { concurrency: number; pollMs: number } & RunJobOptions,
): JobRunner {
  let stopped = false;
  let active = 0;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const runOptions: RunJobOptions = options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {};

  const loop = async (): Promise<void> => {
    active += 1;
    const worker = workerId('worker');
    try {
      while (!stopped && (await runNextJob(ctx, worker, runOptions)));
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
      const worker = workerId('drain');
      while (await runNextJob(ctx, worker, runOptions));
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
