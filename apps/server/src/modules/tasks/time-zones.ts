/**
 * Days and weeks in the caller's IANA time zone (docs/tasks.md, "Activity and dashboards"): a span of a timer
 * is cut at the zone's midnights, so an entry across midnight counts on both days. Pure functions.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format;
}

/** The day (YYYY-MM-DD) of `ms` in `zone`. */
export function dayIn(zone: string, ms: number): string {
  const parts = dayFormat(zone).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The zone's offset at `ms` in milliseconds (local wall time minus UTC). */
function offsetAt(zone: string, ms: number): number {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(zone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** `day` plus `n` days (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The Monday of `day`'s ISO week. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The instant `day` starts (its local midnight) in `zone`, in ms. */
export function startOfDay(zone: string, day: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let guess = wall - offsetAt(zone, wall);
  guess = wall - offsetAt(zone, guess);
  // Where midnight does not exist (a DST jump at 00:00), the day starts at the first instant that is on it.
  if (dayIn(zone, guess) !== day) guess += 3600_000;
  return guess;
}

/** A span [start, end) cut at the zone's midnights: seconds per day, in order. Times are whole seconds. */
export function splitByDay(zone: string, startMs: number, endMs: number): { date: string; seconds: number }[] {
  const pieces: { date: string; seconds: number }[] = [];
  let from = startMs;
  while (from < endMs) {
    const day = dayIn(zone, from);
    const next = Math.max(startOfDay(zone, addDays(day, 1)), from + 1000);
    const to = Math.min(next, endMs);
    const seconds = Math.round(to / 1000) - Math.round(from / 1000);
    const last = pieces[pieces.length - 1];
    if (last && last.date === day) last.seconds += seconds;
    else if (seconds > 0) pieces.push({ date: day, seconds });
    from = to;
  }
  return pieces;
}
