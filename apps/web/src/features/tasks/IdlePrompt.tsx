import { formatDuration, type TaskIdleAction } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { answerIdle } from './api.ts';
import { useTimerAction } from './useTimer.ts';

/**
 * The idle question (docs/tasks.md "Idle time"): the running timer saw no activity for the organisation's idle
 * limit. Keep counts the idle time; Discard drops it and goes on from now; Stop ends the entry at the last activity.
 */
export function IdlePrompt({ taskName, idleSeconds }: { taskName: string; idleSeconds: number }) {
  const answer = useTimerAction((action: TaskIdleAction) => answerIdle(action));
  const busy = answer.isPending;
  return (
    <TitledDialog open title="Are you still working?">
      <DialogContent>
        <DialogContentText>
          Your timer on ‘{taskName}’ is running, but you have been idle for {formatDuration(idleSeconds)}. What should
          happen to the idle time?
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => answer.mutate('stop')} disabled={busy}>
          Stop at last activity
        </Button>
        <Button onClick={() => answer.mutate('discard')} disabled={busy}>
          Discard idle time
        </Button>
        <Button variant="contained" onClick={() => answer.mutate('keep')} disabled={busy} autoFocus>
          Keep
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
