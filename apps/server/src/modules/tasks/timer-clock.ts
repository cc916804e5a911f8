import type { AppContext } from '../../platform/context.ts';

/**
 * The timer's clock: `ctx.now()` (the tests' clock) cut to whole seconds, so every stored span is whole
 * seconds and the pieces of a day split add up exactly.
 */
export function wholeSecondsNow(ctx: Pick<AppContext, 'now'>): Date {
  return new Date(Math.floor(ctx.now().getTime() / 1000) * 1000);
}

export const secondsBetween = (fromIso: string, toMs: number): number =>
  Math.max(0, Math.round((toMs - Date.parse(fromIso)) / 1000));
