import { reviewMessages as RM, type ReviewRun } from '@lexdesk/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { refusalText } from '../../../api/client.ts';
import { cancelReview, fetchReview } from './api.ts';

const POLL_MS = 1_000;

/**
 * A review run started by `starter`: polled every second while it runs (progress), cancellable, and its result
 * once done. Used by /queries and by a saved search's re-run.
 */
export function useReviewRun<Input>(starter: (input: Input) => Promise<ReviewRun>) {
  const { enqueueSnackbar } = useSnackbar();
  const [run, setRun] = useState<ReviewRun | null>(null);
  const running = run?.status === 'running';
  const poll = useQuery({
    queryKey: ['analyser', 'review-run', run?.run_id],
    queryFn: ({ signal }) => fetchReview(run?.run_id ?? '', signal),
    enabled: running,
    refetchInterval: POLL_MS,
  });
  useEffect(() => {
    if (!poll.data || poll.data.run_id !== run?.run_id) return;
    if (poll.data.status !== run.status || poll.data.progress.done !== run.progress.done) setRun(poll.data);
  }, [poll.data, run]);
  const start = useMutation({
    mutationFn: starter,
    onMutate: () => setRun(null),
    onSuccess: setRun,
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const cancel = useMutation({
    mutationFn: () => cancelReview(run?.run_id ?? ''),
    onSuccess: (answer) => {
      setRun(answer);
      enqueueSnackbar(RM.cancelled, { variant: 'info' });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  return {
    run,
    busy: start.isPending || running,
    start: (input: Input) => start.mutate(input),
    cancel: () => cancel.mutate(),
    cancelling: cancel.isPending,
    result: run?.status === 'done' ? run.result : null,
  };
}
