import type { OngoingTimer } from '@lexdesk/contract';
import PauseIcon from '@mui/icons-material/Pause';
import PlayIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { pauseTimer, resumeTimer, stopTimer } from './api.ts';
import { taskDetailPath } from './paths.ts';
import { useTimerAction } from './useTimer.ts';

/** A running or paused timer: its task (a link), the time, Pause or Resume, and Stop (the top bar, my dashboard). */
export function TimerPanel({
  timer,
  name,
  clock,
  onLeave,
}: {
  timer: OngoingTimer;
  name: string;
  clock: string;
  onLeave?: () => void;
}) {
  const pause = useTimerAction(() => pauseTimer());
  const resume = useTimerAction(() => resumeTimer());
  const stop = useTimerAction(() => stopTimer());
  const busy = pause.isPending || resume.isPending || stop.isPending;
  const paused = timer.state === 'paused';
  return (
    <Box sx={{ px: 2, py: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Link
          component={RouterLink}
          to={taskDetailPath(timer.task_id ?? 0)}
          onClick={onLeave}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          title={timer.task_name ?? undefined}
        >
          {name}
        </Link>
        <Chip size="small" label={paused ? 'Paused' : 'Running'} color={paused ? 'default' : 'success'} />
      </Box>
      <Typography
        component="p"
        variant="h4"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, textAlign: 'center' }}
        aria-label={`Time on the timer: ${clock}`}
      >
        {clock}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {paused ? (
          <Button startIcon={<PlayIcon />} onClick={() => resume.mutate(undefined)} disabled={busy}>
            Resume
          </Button>
        ) : (
          <Button startIcon={<PauseIcon />} onClick={() => pause.mutate(undefined)} disabled={busy}>
            Pause
          </Button>
        )}
        <Button
          variant="contained"
          color="error"
          startIcon={<StopIcon />}
          onClick={() => stop.mutate(undefined)}
          disabled={busy}
        >
          Stop
        </Button>
      </Box>
    </Box>
  );
}
