import { TASK_ACTIVITY_THROTTLE_MS, TASK_NAME_TRUNCATION, type OngoingTimer } from '@lexdesk/contract';

/**
 * The timer as the last answer of GET task/ongoing-timer/ gave it: its seconds then, whether it runs, and when
 * (this tab's clock, ms) the answer arrived. The web ticks from here each second and replaces it every poll.
 */
export interface TimerSnapshot {
  seconds: number;
  running: boolean;
  at: number;
}

export function snapshotOf(timer: Pick<OngoingTimer, 'timer_seconds' | 'state'>, at: number): TimerSnapshot {
  return { seconds: timer.timer_seconds, running: timer.state === 'running', at };
}

/**
 * A time the server counted up to its answer, shown ticking: a running timer's entry or task adds the whole seconds
 * passed since that answer arrived (`elapsed`), so the time counts everywhere it is shown while the timer runs.
 */
export const liveSeconds = (seconds: number, running: boolean, elapsed: number) =>
  running ? seconds + elapsed : seconds;

/** The seconds to show at `now`: a running timer adds the whole seconds passed since the answer. */
export function shownSeconds(snapshot: TimerSnapshot, now: number): number {
  if (!snapshot.running) return snapshot.seconds;
  return snapshot.seconds + Math.floor(Math.max(0, now - snapshot.at) / 1000);
}

/** Milliseconds until the shown time next changes (a few ms late, so the next render reads the new second). */
export function msToNextSecond(snapshot: TimerSnapshot, now: number): number {
  const elapsed = Math.max(0, now - snapshot.at);
  return 1000 - (elapsed % 1000) + 5;
}

/** The top bar's task name: cut to 30 characters (spec 01 §9), with an ellipsis when cut. */
export function cutTaskName(name: string | null, max: number = TASK_NAME_TRUNCATION): string {
  const text = (name ?? '').trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/**
 * The idle question is due when a running timer's idle time (the server's, since the last activity it was told
 * of) reaches the organisation's limit.
 */
export function idlePromptDue(timer: Pick<OngoingTimer, 'state' | 'idle_seconds' | 'idle_limit_seconds'>): boolean {
  return timer.state === 'running' && timer.idle_limit_seconds > 0 && timer.idle_seconds >= timer.idle_limit_seconds;
}

/**
 * Activity is reported at most once a minute (POST task/timer/activity/): the first interaction after the
 * throttle window sends one, and nothing before it.
 */
export function activityReportDue(lastSentAt: number | null, now: number, throttleMs = TASK_ACTIVITY_THROTTLE_MS) {
  return lastSentAt === null || now - lastSentAt >= throttleMs;
}
