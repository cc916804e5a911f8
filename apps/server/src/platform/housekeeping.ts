import { sessionsService } from './auth/sessions.service.ts';
import type { HousekeepingStepStatus } from '@lexdesk/contract';
import { nowIso, type AppContext } from './context.ts';
import { recordStepFailure, recordStepSuccess, stepFailures, stepSuccesses } from './housekeeping.repo.ts';
import { logSweepReport, sweepStorage } from './storage/storage-sweep.ts';
import { mailService } from './mail/mail.service.ts';
import { throttleService } from './throttle/throttle.service.ts';

/** One independent part of the sweep. */
export interface HousekeepingStep {
  /** Shown in logs and in Admin Setting: a platform step's name, or `module:<name>`. */
  name: string;
  run: (ctx: AppContext) => Promise<unknown>;
}

/** The platform's steps, then each module's own `housekeeping`, in the order they run. */
export function housekeepingSteps(ctx: Pick<AppContext, 'modules'>): HousekeepingStep[] {
  return [
    { name: 'sessions', run: (c) => sessionsService(c).purgeEnded() },
    { name: 'throttles', run: (c) => throttleService(c).purgeStale() },
    { name: 'storage', run: async (c) => logSweepReport(c.log, await sweepStorage(c)) },
    { name: 'outbox', run: (c) => mailService(c).purgeOld() },
    ...ctx.modules.flatMap((module) =>
      module.housekeeping ? [{ name: `module:${module.name}`, run: module.housekeeping }] : [],
    ),
  ];
}

/**
 * The hourly sweep: removes ended sessions, stale throttle counters, old outbox rows and stored files no row
 * refers to (reporting rows whose file is missing), then runs each module's own `housekeeping` (pending
 * registrations, spent codes, expired sign-in codes, timers past 12 hours, …); safe on several servers at once.
 * Each step runs on its own: one that fails is logged by name and the others still run (issue 29 item 4: one
 * draft invoice stopped every purge). A step that succeeds records when, for Admin Setting. Answers the names
 * of the steps that failed.
 */
export async function housekeeping(ctx: AppContext, steps = housekeepingSteps(ctx)): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    try {
      await step.run(ctx);
      await recordStepSuccess(ctx.db, step.name, nowIso(ctx));
    } catch (error) {
      failed.push(step.name);
      ctx.log.error({ err: error, step: step.name }, `housekeeping step ${step.name} failed`);
      await recordStepFailure(ctx.db, step.name, nowIso(ctx), failureKind(error)).catch((recordError: unknown) =>
        ctx.log.error({ err: recordError, step: step.name }, 'housekeeping step failure not recorded'),
      );
    }
  }
  return failed;
}

/**
 * What Admin Setting shows of a step's error: its class and code (`TypeError`, `Error ENOENT`), never its message,
 * which may quote a firm's file name, title or address; the server log has the whole error.
 */
export function failureKind(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  const code = (error as { code?: unknown }).code;
  const safeCode = typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? ` ${code}` : '';
  const name = /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
  return `${name}${safeCode}`;
}

/** Every step with when it last succeeded and last failed (null: not yet, or not since it was added). */
export async function housekeepingStatus(ctx: Pick<AppContext, 'db' | 'modules'>): Promise<HousekeepingStepStatus[]> {
  const done = new Map((await stepSuccesses(ctx.db)).map((row) => [row.step, row.succeeded_at]));
  const failed = new Map((await stepFailures(ctx.db)).map((row) => [row.step, row]));
  return housekeepingSteps(ctx).map((step) => ({
    step: step.name,
    last_succeeded_at: done.get(step.name) ?? null,
    last_failed_at: failed.get(step.name)?.failed_at ?? null,
    last_failure: failed.get(step.name)?.failure ?? null,
  }));
}
