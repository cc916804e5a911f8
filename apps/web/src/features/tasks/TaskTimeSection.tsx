import { can, formatDuration, taskMessages as M, type TaskDetail, type TimeEntry } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/MoreTime';
import PlayIcon from '@mui/icons-material/PlayArrow';
import CheckIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { deleteTimeEntry, fetchTimeEntries, startTimer } from './api.ts';
import { Section } from './Section.tsx';
import { TimeEntriesTable } from './TimeEntriesTable.tsx';
import { TimeEntryDialog } from './TimeEntryDialog.tsx';
import { useApprove } from './useApprove.ts';
import { liveSeconds } from './timerClock.ts';
import { useElapsedSeconds, useOngoingTimer, useTimerAction } from './useTimer.ts';

/**
 * The task's time: totals, Start timer (the server keeps it; a timer on another task stops first), Add time by
 * hand, and the entries (the caller's own; staff see everyone's and approve them).
 */
export function TaskTimeSection({ task }: { task: TaskDetail }) {
  const session = useRequiredSession();
  const timing = can(session, 'tasks.time');
  const approving = can(session, 'tasks.approve');
  const ongoing = useOngoingTimer();
  const onThisTask = ongoing.data?.task_id === task.id;
  const start = useTimerAction(() => startTimer(task.id));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const { selected, setSelected, approve } = useApprove();
  const params = { task_id: task.id, page_no: 1, limits: 200 as const };
  const entries = useQuery({
    queryKey: queryKeys.tasks.entries(params),
    queryFn: ({ signal }) => fetchTimeEntries(params, signal),
  });
  const rows = useRowDelete((entry: TimeEntry) => deleteTimeEntry(entry.id), [queryKeys.tasks.all], M.entryDeleted);
  const { time } = task;
  // The caller's running timer counts in the totals as it runs (counted by the server up to the entries' answer,
  // which the timer calls refresh with the task): in Billable when its entry is billable.
  const runningHere = onThisTask && ongoing.data?.state === 'running';
  const elapsed = useElapsedSeconds(entries.dataUpdatedAt, runningHere);
  const running = entries.data?.data.find((entry) => entry.id === ongoing.data?.entry_id);
  const live = (seconds: number, counts = true) => liveSeconds(seconds, runningHere && counts, elapsed);

  return (
    <Section
      title="Time"
      actions={
        <>
          {timing && (
            <Button
              variant="contained"
              startIcon={<PlayIcon />}
              onClick={() => start.mutate(undefined)}
              disabled={onThisTask || start.isPending}
            >
              {onThisTask ? 'Timer on this task' : 'Start timer'}
            </Button>
          )}
          {timing && (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add time
            </Button>
          )}
          {approving && (
            <Button
              variant="outlined"
              startIcon={<CheckIcon />}
              disabled={selected.size === 0 || approve.isPending}
              onClick={() => approve.mutate()}
            >
              Approve{selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
          )}
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }} data-testid="task-time-totals">
        <Total label="Logged" seconds={live(time.logged_seconds)} />
        <Total label="Billable" seconds={live(time.billable_seconds, running?.billable ?? false)} />
        <Total label="Mine" seconds={live(time.my_seconds)} />
      </Box>
      <TimeEntriesTable
        label="Time entries of the task"
        entries={entries.data?.data ?? []}
        receivedAt={entries.dataUpdatedAt}
        {...(approving ? { selected, onSelect: setSelected } : {})}
        onEdit={setEditing}
        onDelete={rows.setDeleting}
      />
      {adding && <TimeEntryDialog taskId={task.id} onClose={() => setAdding(false)} />}
      {editing && <TimeEntryDialog taskId={task.id} entry={editing} onClose={() => setEditing(null)} />}
      <RowDeleteDialog rows={rows} item="Time entry" />
    </Section>
  );
}

function Total({ label, seconds }: { label: string; seconds: number }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{formatDuration(seconds)}</Typography>
    </Box>
  );
}
