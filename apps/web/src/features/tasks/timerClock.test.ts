import { describe, expect, it } from 'vitest';
import {
  activityReportDue,
  liveSeconds,
  cutTaskName,
  idlePromptDue,
  msToNextSecond,
  shownSeconds,
  snapshotOf,
  type TimerSnapshot,
} from './timerClock.ts';

const running: TimerSnapshot = { seconds: 100, running: true, at: 10_000 };

describe('the timer clock', () => {
  it('ticks a running timer from the last answer, by whole seconds', () => {
    expect(shownSeconds(running, 10_000)).toBe(100);
    expect(shownSeconds(running, 10_999)).toBe(100);
    expect(shownSeconds(running, 11_000)).toBe(101);
    expect(shownSeconds(running, 19_500)).toBe(109);
  });

  it('does not tick a paused timer, nor go back before the answer', () => {
    expect(shownSeconds({ ...running, running: false }, 50_000)).toBe(100);
    expect(shownSeconds(running, 9_000)).toBe(100);
  });

  it('resyncs on a new answer: the new seconds count from its own arrival', () => {
    // 10 s later the server says 111 (it knew better than the local tick): the clock follows the server.
    const next = snapshotOf({ timer_seconds: 111, state: 'running' }, 20_000);
    expect(shownSeconds(next, 20_000)).toBe(111);
    expect(shownSeconds(next, 21_200)).toBe(112);
    expect(snapshotOf({ timer_seconds: 0, state: null }, 5).running).toBe(false);
  });

  it('wakes just after the next whole second', () => {
    expect(msToNextSecond(running, 10_000)).toBe(1005);
    expect(msToNextSecond(running, 10_400)).toBe(605);
    expect(msToNextSecond(running, 10_999)).toBe(6);
  });

  it('cuts the task name to 30 characters', () => {
    expect(cutTaskName('Short')).toBe('Short');
    expect(cutTaskName('x'.repeat(30))).toBe('x'.repeat(30));
    expect(cutTaskName('Draft the reply to the landlord’s notice')).toBe('Draft the reply to the landlor…');
    expect(cutTaskName(null)).toBe('');
  });

  it('asks about idle time once a running timer reaches the limit', () => {
    expect(idlePromptDue({ state: 'running', idle_seconds: 600, idle_limit_seconds: 600 })).toBe(true);
    expect(idlePromptDue({ state: 'running', idle_seconds: 599, idle_limit_seconds: 600 })).toBe(false);
    expect(idlePromptDue({ state: 'paused', idle_seconds: 900, idle_limit_seconds: 600 })).toBe(false);
    expect(idlePromptDue({ state: null, idle_seconds: 0, idle_limit_seconds: 0 })).toBe(false);
  });

  it('reports activity at most once a minute', () => {
    expect(activityReportDue(null, 0)).toBe(true);
    expect(activityReportDue(0, 59_999)).toBe(false);
    expect(activityReportDue(0, 60_000)).toBe(true);
  });

  it('counts a running time on from the answer, and leaves a stopped one as it is (issue 31 item 5)', () => {
    expect(liveSeconds(600, true, 95)).toBe(695);
    expect(liveSeconds(600, false, 95)).toBe(600);
    expect(liveSeconds(0, true, 0)).toBe(0);
  });
});
