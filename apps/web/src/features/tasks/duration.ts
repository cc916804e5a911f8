import { durationText, formatDuration, parseDuration } from '@lexdesk/contract';

/** What the duration field says under itself while the user types. */
export interface DurationReading {
  /** Seconds the text reads as, when valid. */
  seconds: number | null;
  /** The contract's refusal ('Please enter the time as 1h20m, 1:20 or 1.33h'), or null. */
  problem: string | null;
  /** The helper line: the time read ("= 1h 20m") or the refusal. */
  helper: string;
}

export const DURATION_HINT = 'For example 1h20m, 1:20 or 1.33h';

/**
 * Reads a typed duration with the contract's `durationText` (the same rules the server applies): empty text is not
 * a problem until the form is submitted (`submitted`).
 */
export function readDuration(text: string, submitted = false): DurationReading {
  if (text.trim() === '' && !submitted) return { seconds: null, problem: null, helper: DURATION_HINT };
  const checked = durationText.safeParse(text);
  if (!checked.success) {
    const problem = checked.error.issues[0]?.message ?? DURATION_HINT;
    return { seconds: null, problem, helper: problem };
  }
  const seconds = parseDuration(text);
  return { seconds, problem: null, helper: seconds === null ? DURATION_HINT : `= ${formatDuration(seconds)}` };
}
