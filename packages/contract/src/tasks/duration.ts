/**
 * Durations typed by hand ('1h20m', '1:20', '1.33h', '45m', '2h') and the timer's clock face. Shared by the
 * server (POST time-entry/) and the web (the form shows the parsed time as the user types).
 */

const HOURS_MINUTES = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+)m)?$/;
const CLOCK = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/;
const DECIMAL_HOURS = /^\d+(?:\.\d+)?$/;

/**
 * Seconds of a typed duration, or null when it cannot be read or is zero. Accepted: `1h20m`, `1h 20m`,
 * `2h`, `45m`, `1.33h`, `1:20` (hours:minutes), `1:20:30`, and a bare number of hours (`1.5`).
 * Case and spaces do not matter; `min`, `hr`, `hrs` are read as `m` and `h`.
 */
export function parseDuration(text: string): number | null {
  const compact = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/,/g, '.')
    .replace(/hours?|hrs?/g, 'h')
    .replace(/minutes?|mins?/g, 'm');
  if (compact === '') return null;
  let seconds: number | null = null;
  const clock = CLOCK.exec(compact);
  const hm = HOURS_MINUTES.exec(compact);
  if (clock) {
    seconds = Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  } else if (DECIMAL_HOURS.test(compact)) {
    seconds = Math.round(Number(compact) * 3600);
  } else if (hm && (hm[1] !== undefined || hm[2] !== undefined)) {
    seconds = Math.round(Number(hm[1] ?? 0) * 3600) + Number(hm[2] ?? 0) * 60;
  }
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  return seconds;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `hh:mm:ss` (the top bar's timer, spec 01 §2); hours grow past 99 when they must. Negative reads as 0. */
export function formatHms(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${pad(h)}:${pad(m)}:${pad(total % 60)}`;
}

/** `1h 20m` (lists and totals; seconds are dropped, under a minute reads `0m`). */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** Decimal hours with two places (exports): 4800 s → 1.33. */
export const hoursOf = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100;
