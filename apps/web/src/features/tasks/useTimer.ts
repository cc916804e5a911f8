import { can, TASK_TIMER_POLL_MS, type OngoingTimer, type TimerAnswer } from '@lexdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { fetchOngoingTimer } from './api.ts';
import { msToNextSecond, shownSeconds, snapshotOf, type TimerSnapshot } from './timerClock.ts';

/**
 * The caller's timer as the server keeps it (GET task/ongoing-timer/). The top bar's drop-down is the one
 * poller (`poll`: every 10 s, and when the tab gets focus again); every other reader shares its answer.
 */
export function useOngoingTimer({ poll = false }: { poll?: boolean } = {}) {
  const session = useRequiredSession();
  const allowed = can(session, 'tasks.time');
  return useQuery({
    queryKey: queryKeys.taskTimer(session.userId),
    queryFn: ({ signal }) => fetchOngoingTimer(signal),
    enabled: allowed,
    staleTime: poll ? 0 : TASK_TIMER_POLL_MS,
    refetchInterval: poll ? TASK_TIMER_POLL_MS : false,
    // Errors are shown nowhere: the next poll tries again (a 401/403 already signed out in the client).
    retry: false,
  });
}

/**
 * The seconds to show, ticking each second from the last answer (`dataUpdatedAt`: when this tab received it), so
 * two tabs agree within a second and a new answer resynchronises the clock.
 */
export function useTickingSeconds(
  timer: Pick<OngoingTimer, 'timer_seconds' | 'state'> | undefined,
  receivedAt: number,
): number {
  const snapshot: TimerSnapshot = snapshotOf(timer ?? { timer_seconds: 0, state: null }, receivedAt);
  const { seconds, running, at } = snapshot;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    let handle: ReturnType<typeof setTimeout>;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      handle = setTimeout(tick, msToNextSecond({ seconds, running, at }, time));
    };
    handle = setTimeout(tick, msToNextSecond({ seconds, running, at }, Date.now()));
    return () => clearTimeout(handle);
  }, [seconds, running, at]);
  // `now` older than a fresh answer counts as no time passed: the new answer's seconds show until the next tick.
  return shownSeconds(snapshot, running ? now : at);
}

/**
 * Whole seconds since `since` (a query's `dataUpdatedAt`), ticking each second while `running`: what a time the
 * server counted up to that answer has grown by since (`liveSeconds`).
 */
export function useElapsedSeconds(since: number, running: boolean): number {
  return useTickingSeconds({ timer_seconds: 0, state: running ? 'running' : null }, since);
}

/**
 * A timer call (start, pause, resume, stop, idle): its answer is the timer as it now is, so the cache takes it at
 * once (every tab's next poll agrees); the task's totals and the time lists refresh, and the server's text toasts.
 */
export function useTimerAction<Args>(call: (args: Args) => Promise<TimerAnswer>, { toast = true } = {}) {
  const session = useRequiredSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.taskTimer(session.userId), answer.timer);
      if (toast) enqueueSnackbar(answer.detail, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
    },
    onError: (error) => {
      enqueueSnackbar(refusalText(error), { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.taskTimer(session.userId) });
    },
  });
}
