import { randomBytes } from 'node:crypto';
import { REVIEW_LIMITS, reviewMessages as m, type ReviewResult, type ReviewRun } from '@lexdesk/contract';
import type { AppContext } from '../../../platform/context.ts';
import { notFound, throttled } from '../../../platform/errors/http-error.ts';

/** A review in memory: its owner, progress, and the result once counted (docs/analyser.md). */
export interface RunRecord {
  id: string;
  organisationId: number;
  userId: number;
  status: ReviewRun['status'];
  done: number;
  total: number;
  detail: string | null;
  result: ReviewResult | null;
  controller: AbortController;
  /** Forgotten after this (ms since epoch); extended when it finishes. */
  expiresAt: number;
}

const TTL_MS = REVIEW_LIMITS.runTtlMinutes * 60_000;
/** Finished runs kept per user beyond which the oldest is forgotten early (memory bound). */
const KEPT_PER_USER = 10;

/** One registry per app (tests build several apps in one process). */
const registries = new WeakMap<AppContext, Map<string, RunRecord>>();

function registryOf(ctx: AppContext): Map<string, RunRecord> {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = new Map();
    registries.set(ctx, registry);
  }
  return registry;
}

function sweep(registry: Map<string, RunRecord>, now: number): void {
  for (const [id, run] of registry) {
    if (run.expiresAt > now) continue;
    run.controller.abort();
    registry.delete(id);
  }
}

export function toRunAnswer(run: RunRecord): ReviewRun {
  return {
    run_id: run.id,
    status: run.status,
    progress: { done: run.done, total: run.total },
    detail: run.detail,
    result: run.status === 'done' ? run.result : null,
  };
}

/**
 * The reviews of one app: a run lives in memory for 60 minutes (progress, cancel, export, save), at most two
 * run at once per user (429 beyond), and only its user ever sees it (another's id answers 404).
 */
export function reviewRuns(ctx: AppContext) {
  const registry = registryOf(ctx);
  const now = () => ctx.now().getTime();

  return {
    start(owner: { organisationId: number; userId: number }, total: number): RunRecord {
      sweep(registry, now());
      const mine = [...registry.values()].filter(
        (run) => run.userId === owner.userId && run.organisationId === owner.organisationId,
      );
      if (mine.filter((run) => run.status === 'running').length >= REVIEW_LIMITS.runningPerUser)
        throw throttled(m.tooManyRuns);
      const finished = mine.filter((run) => run.status !== 'running').sort((a, b) => a.expiresAt - b.expiresAt);
      for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_PER_USER + 1))) registry.delete(old.id);
      const run: RunRecord = {
        id: randomBytes(18).toString('base64url'),
        ...owner,
        status: 'running',
        done: 0,
        total,
        detail: null,
        result: null,
        controller: new AbortController(),
        expiresAt: now() + TTL_MS,
      };
      registry.set(run.id, run);
      return run;
    },

    /** The caller's run, or 404 (unknown, expired or someone else's). */
    get(owner: { organisationId: number; userId: number }, id: string): RunRecord {
      sweep(registry, now());
      const run = registry.get(id);
      if (!run || run.userId !== owner.userId || run.organisationId !== owner.organisationId) throw notFound();
      return run;
    },

    finish(run: RunRecord, outcome: { result: ReviewResult } | { cancelled: true } | { failed: true }): void {
      if ('result' in outcome) {
        run.status = 'done';
        run.result = outcome.result;
        run.done = run.total;
      } else if ('cancelled' in outcome) {
        run.status = 'cancelled';
        run.detail = m.runCancelled;
      } else {
        run.status = 'failed';
        run.detail = m.runFailed;
      }
      run.expiresAt = now() + TTL_MS;
    },

    cancel(run: RunRecord): void {
      if (run.status !== 'running') return;
      run.controller.abort();
      this.finish(run, { cancelled: true });
    },
  };
}
