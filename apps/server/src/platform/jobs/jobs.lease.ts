import type { AppContext } from '../context.ts';
import { renewLease } from './jobs.repo.ts';

export interface HeldLease {
  /** Renews the lease now; false when the job is no longer this worker's. */
  renew: () => Promise<boolean>;
  /** Stops the heartbeat and waits for a renewal in flight (before the job is finished or failed). */
  stop: () => Promise<void>;
}

/**
 * Keeps a claimed job's lease alive while its handler runs: every `heartbeatMs` the lease is pushed
 * `leaseMs` past now, so only a worker that died (or stalled longer than the lease) loses its job.
 */
export function holdLease(
  ctx: AppContext,
  job: { id: number; kind: string },
  worker: string,
  options: { leaseMs: number; heartbeatMs: number },
): HeldLease {
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  let lostReported = false;

  const renew = async (): Promise<boolean> => {
    const now = ctx.now();
    const until = new Date(now.getTime() + options.leaseMs).toISOString();
    return renewLease(ctx.db, job.id, worker, now.toISOString(), until);
  };

  const beat = () => {
    if (inFlight) return; // the previous renewal is still waiting for the database
    inFlight = renew()
      .then(
        (held) => {
          if (!held && !stopped && !lostReported) {
            lostReported = true;
            ctx.log.error({ jobId: job.id, kind: job.kind, worker }, 'job lease lost while its handler runs');
          }
        },
        (error: unknown) => ctx.log.warn({ err: error, jobId: job.id, kind: job.kind }, 'job lease not renewed'),
      )
      .finally(() => {
        inFlight = undefined;
      });
  };

  const timer = setInterval(beat, options.heartbeatMs);
  timer.unref();
  return {
    renew,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
