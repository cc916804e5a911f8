import { reviewMessages as RM } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { useReviewRun } from './useReviewRun.ts';

/** A run's progress bar ("Counted n of m documents") with Cancel, or why it stopped. */
export function RunProgress({ review }: { review: ReturnType<typeof useReviewRun<never>> }) {
  const run = review.run;
  const { done, total } = run?.progress ?? { done: 0, total: 0 };
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <>
      {review.busy && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 14rem' }}>
            <LinearProgress
              variant={total > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label="Review progress"
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 0.5 }}>
              {total > 0 ? `Counted ${done} of ${total} documents` : 'Starting the review…'}
            </Typography>
          </Box>
          {run?.status === 'running' && (
            <Button color="error" variant="outlined" onClick={review.cancel} disabled={review.cancelling}>
              Cancel
            </Button>
          )}
        </Box>
      )}
      {run && (run.status === 'cancelled' || run.status === 'failed') && (
        <Alert severity={run.status === 'failed' ? 'error' : 'info'}>
          {run.detail ?? (run.status === 'failed' ? RM.runFailed : RM.runCancelled)}
        </Alert>
      )}
    </>
  );
}
