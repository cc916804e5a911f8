import { mfaService } from '../modules/mfa/mfa.service.ts';
import { registrationService } from '../modules/registration/registration.service.ts';
import { tokenSignInService } from '../modules/accounts/token-sign-in.ts';
import { stopOverlongTimers } from '../modules/tasks/index.ts';
import { sessionsService } from './auth/sessions.service.ts';
import type { AppContext } from './context.ts';
import { logSweepReport, sweepStorage } from './storage/storage-sweep.ts';
import { mailService } from './mail/mail.service.ts';
import { throttleService } from './throttle/throttle.service.ts';

/**
 * Removes ended sessions, stale throttle counters, pending registrations and verification codes that can
 * no longer be used, and stored files no row refers to (reporting rows whose file is missing); safe to
 * run on several servers at once. Also stops the timers that ran past 12 hours (docs/tasks.md, "Timers").
 */
export async function housekeeping(ctx: AppContext): Promise<void> {
  await sessionsService(ctx).purgeEnded();
  await throttleService(ctx).purgeStale();
  await registrationService(ctx).purgeStale();
  await mfaService(ctx).purgeSpentCodes();
  await tokenSignInService(ctx).purgeExpired();
  logSweepReport(ctx.log, await sweepStorage(ctx));
  await mailService(ctx).purgeOld();
  await stopOverlongTimers(ctx);
}
