import { nowIso, type AppContext } from '../context.ts';
import {
  deleteStaleThrottles,
  deleteThrottle,
  deleteThrottlesWithPrefix,
  hitThrottle,
  peekThrottle,
} from './throttle.repo.ts';

/** DB-backed rate limits (they hold across several servers), in fixed windows. */
export function throttleService(ctx: AppContext) {
  const windowStart = (minutes: number) => new Date(ctx.now().getTime() - minutes * 60_000).toISOString();
  return {
    /** Counts this attempt; true while the count within the window is at most `limit`. */
    async hit(key: string, limit: number, windowMinutes: number): Promise<boolean> {
      return (await hitThrottle(ctx.db, key, nowIso(ctx), windowStart(windowMinutes))) <= limit;
    },

    /** True when `limit` attempts were already counted in the window (the next one must be refused). */
    async isExhausted(key: string, limit: number, windowMinutes: number): Promise<boolean> {
      return (await peekThrottle(ctx.db, key, windowStart(windowMinutes))) >= limit;
    },

    /** Forgets the attempts counted for `key`. */
    async reset(key: string): Promise<void> {
      await deleteThrottle(ctx.db, key);
    },

    /** Forgets every counter whose key starts with `prefix` (e.g. one account's counters at every address). */
    async resetPrefix(prefix: string): Promise<void> {
      await deleteThrottlesWithPrefix(ctx.db, prefix);
    },

    /** Removes counters whose window started more than a day ago. */
    async purgeStale(): Promise<void> {
      await deleteStaleThrottles(ctx.db, windowStart(24 * 60));
    },
  };
}
