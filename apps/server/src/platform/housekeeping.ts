import { sessionsService } from './auth/sessions.service.ts';
import type { AppContext } from './context.ts';
import { logSweepReport, sweepStorage } from './storage/storage-sweep.ts';
import { mailService } from './mail/mail.service.ts';
import { throttleService } from './throttle/throttle.service.ts';

/**
 * The hourly sweep: removes ended sessions, stale throttle counters, old outbox rows and stored files no row
 * refers to (reporting rows whose file is missing), then runs each module's own `housekeeping` (pending
 * registrations, spent codes, expired sign-in codes, timers past 12 hours, …); safe on several servers at once.
 */
export async function housekeeping(ctx: AppContext): Promise<void> {
  await sessionsService(ctx).purgeEnded();
  await throttleService(ctx).purgeStale();
  logSweepReport(ctx.log, await sweepStorage(ctx));
  await mailService(ctx).purgeOld();
  for (const module of ctx.modules) await module.housekeeping?.(ctx);
}
