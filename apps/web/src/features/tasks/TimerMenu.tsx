import { can, formatHms } from '@lexdesk/contract';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Session } from '../../app/session/storage.ts';
import { visuallyHidden } from '../../ui/a11y.ts';
import { IdlePrompt } from './IdlePrompt.tsx';
import { TASK_PATH } from './paths.ts';
import { cutTaskName } from './timerClock.ts';
import { TimerPanel } from './TimerPanel.tsx';
import { useOngoingTimer, useTickingSeconds } from './useTimer.ts';
import { useTimerActivity } from './useTimerActivity.ts';
import { TopBarPopover } from '../../ui/TopBarPopover.tsx';

const TITLE = 'Active Ongoing Task Timer';

/**
 * The top bar's 'Active Ongoing Task Timer' drop-down (spec 01 §2): the running task's name cut to 30 characters
 * and its time as hh:mm:ss, ticking each second and resynchronised with the server every 10 s; Pause, Resume, Stop
 * and a link to the task. Also asks about idle time. Only for users with the Task Management module.
 */
export function TimerMenu({ session, mobile }: { session: Session; mobile: boolean }) {
  if (!can(session, 'tasks.time')) return null;
  return <TimerMenuFor userId={session.userId} mobile={mobile} />;
}

function TimerMenuFor({ userId, mobile }: { userId: number; mobile: boolean }) {
  const ongoing = useOngoingTimer({ poll: true });
  const timer = ongoing.data;
  const seconds = useTickingSeconds(timer, ongoing.dataUpdatedAt);
  const askIdle = useTimerActivity(userId, timer);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const headingId = useId();
  const active = timer !== undefined && timer.task_id !== null;
  const name = cutTaskName(timer?.task_name ?? null);
  const clock = formatHms(seconds);
  const paused = timer?.state === 'paused';
  // The name shows beside the time from 900 px; narrower, only the time (the name is in the drop-down).
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md')) && !mobile;

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={active ? undefined : `${TITLE}: none running`}
        startIcon={<TimerIcon />}
        sx={{ minWidth: 0, textTransform: 'none', px: { xs: 1, sm: 1.5 }, opacity: active ? 1 : 0.8 }}
        data-testid="task-timer-button"
      >
        {active && (
          <Box component="span" sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
            <Box component="span" sx={visuallyHidden}>
              {TITLE}:
            </Box>
            <Box component="span" sx={wide ? { whiteSpace: 'nowrap' } : visuallyHidden}>
              {name}
            </Box>
            <Box
              component="span"
              data-testid="task-timer-clock"
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontStyle: paused ? 'italic' : undefined }}
            >
              {clock}
            </Box>
            {paused && (
              <Box component="span" sx={visuallyHidden}>
                (paused)
              </Box>
            )}
          </Box>
        )}
      </Button>
      <TopBarPopover anchor={anchor} onClose={() => setAnchor(null)} headingId={headingId} width={340}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700, px: 2, py: 1.5 }}>
          {TITLE}
        </Typography>
        <Divider />
        {active && timer ? (
          <TimerPanel timer={timer} name={name} clock={clock} onLeave={() => setAnchor(null)} />
        ) : (
          <Box sx={{ px: 2, py: 2, display: 'grid', gap: 1 }}>
            <Typography color="text.secondary">No timer is running.</Typography>
            <Link component={RouterLink} to={TASK_PATH} onClick={() => setAnchor(null)}>
              Start one from a task
            </Link>
          </Box>
        )}
      </TopBarPopover>
      {askIdle && timer && <IdlePrompt taskName={timer.task_name ?? name} idleSeconds={timer.idle_seconds} />}
    </>
  );
}
