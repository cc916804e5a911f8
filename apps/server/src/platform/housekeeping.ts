import { sessionsService } from './auth/sessions.service.ts';
import type { AppContext } from './context.ts';
import { throttleService } from './throttle/throttle.service.ts';

/** Removes ended sessions and stale throttle counters; safe to run on several servers at once. */
export async function housekeeping(ctx: AppContext): Promise<void> {
  await sessionsService(ctx).purgeEnded();
  await throttleService(ctx).purgeStale();
}
