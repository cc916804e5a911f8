import type { OngoingTimer } from '@lexdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { getLastActivity } from '../../app/session/storage.ts';
import { reportTimerActivity } from './api.ts';
import { activityReportDue, idlePromptDue } from './timerClock.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * While a timer runs, tells the server the user is here (POST task/timer/activity/): on an interaction, at most
 * once a minute. Answers whether the idle question is due: the server's idle time has reached the limit and no tab
 * of this browser saw the user since (the shell's shared last-activity time, written on every interaction); when a
 * tab did, the activity is reported now instead of asking.
 */
export function useTimerActivity(userId: number, timer: OngoingTimer | undefined): boolean {
  const queryClient = useQueryClient();
  const running = timer?.state === 'running';
  const lastSent = useRef<number | null>(null);
  useEffect(() => {
    if (!running) return;
    let pointer = '';
    const record = (event: Event) => {
      // A page changing under a resting pointer sends mousemove without a move: not activity.
      if (event instanceof MouseEvent && event.type === 'mousemove') {
        const at = `${event.screenX},${event.screenY}`;
        if (at === pointer) return;
        pointer = at;
      }
      const now = Date.now();
      if (!activityReportDue(lastSent.current, now)) return;
      lastSent.current = now;
      reportTimerActivity().catch(() => {
        // The next interaction after the window tries again; the idle question covers a lost report.
        lastSent.current = null;
      });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, record, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, record);
    };
  }, [running]);

  const due = timer !== undefined && idlePromptDue(timer);
  const seenRecently = due && seenWithin(timer.idle_limit_seconds);
  useEffect(() => {
    if (!seenRecently) return;
    lastSent.current = Date.now();
    reportTimerActivity()
      .then((answer) => queryClient.setQueryData(queryKeys.taskTimer(userId), answer.timer))
      .catch(() => undefined);
  }, [seenRecently, timer?.idle_seconds, queryClient, userId]);
  return due && !seenRecently;
}

/** True when some tab of this browser saw the user within the last `seconds` (the shell's shared time). */
function seenWithin(seconds: number): boolean {
  const last = getLastActivity();
  return last !== null && Date.now() - last < seconds * 1000;
}
