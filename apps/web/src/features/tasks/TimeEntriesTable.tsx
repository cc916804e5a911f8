import { formatDuration, type TimeEntry } from '@lexdesk/contract';
import LockIcon from '@mui/icons-material/LockOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateShort } from '../../ui/dates.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { useMobile } from '../../ui/useMobile.ts';
import { formatDay } from './taskChips.tsx';
import { liveSeconds } from './timerClock.ts';
import { useElapsedSeconds } from './useTimer.ts';

/** Entries staff may approve: stopped and not yet approved. */
export const approvable = (entry: TimeEntry) => entry.state === 'stopped' && !entry.approved;

/**
 * Time entries as a table: day, who, (task), time, activity, billable, note, state. Staff select entries to approve
 * (`selected`); approved entries show a lock and can no longer change; a running timer's entry shows 'Running'.
 */
export function TimeEntriesTable({
  label,
  entries,
  receivedAt,
  showTask,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  label: string;
  entries: readonly TimeEntry[];
  /** When the entries' answer arrived (the query's dataUpdatedAt): running entries tick on from there. */
  receivedAt: number;
  showTask?: boolean;
  /** With `onSelect`, a checkbox column for the approval. */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: ReadonlySet<number>) => void;
  onEdit?: (entry: TimeEntry) => void;
  onDelete?: (entry: TimeEntry) => void;
}) {
  const mobile = useMobile();
  // A running entry counts on from the server's answer (`receivedAt`), second by second.
  const elapsed = useElapsedSeconds(
    receivedAt,
    entries.some((entry) => entry.state === 'running'),
  );
  const selectable = selected !== undefined && onSelect !== undefined;
  const choosable = entries.filter(approvable);
  const allChosen = selectable && choosable.length > 0 && choosable.every((e) => selected.has(e.id));
  const toggle = (id: number) => {
    if (!selectable) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChosen}
                  indeterminate={!allChosen && choosable.some((e) => selected.has(e.id))}
                  disabled={choosable.length === 0}
                  onChange={() => onSelect(allChosen ? new Set() : new Set(choosable.map((e) => e.id)))}
                  slotProps={{ input: { 'aria-label': 'Select all entries to approve' } }}
                />
              </TableCell>
            )}
            <TableCell>Date</TableCell>
            <TableCell>User</TableCell>
            {showTask && !mobile && <TableCell>Task</TableCell>}
            <TableCell align="right">Time</TableCell>
            {!mobile && <TableCell>Activity</TableCell>}
            {!mobile && <TableCell>Note</TableCell>}
            <TableCell>State</TableCell>
            {(onEdit || onDelete) && <TableCell sx={{ width: 56 }}>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={9}>
                <Typography variant="body2" color="text.secondary">
                  No time recorded.
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {entries.map((entry) => (
            <TableRow key={entry.id} data-testid={`time-entry-${entry.id}`}>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(entry.id)}
                    disabled={!approvable(entry)}
                    onChange={() => toggle(entry.id)}
                    slotProps={{
                      input: { 'aria-label': `Select ${formatDuration(entry.seconds)} of ${entry.user_name}` },
                    }}
                  />
                </TableCell>
              )}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date)}</TableCell>
              <TableCell>{entry.user_name}</TableCell>
              {showTask && !mobile && <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.task_title}</TableCell>}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDuration(liveSeconds(entry.seconds, entry.state === 'running', elapsed))}
                {!entry.billable && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    (non-billable)
                  </Typography>
                )}
              </TableCell>
              {!mobile && <TableCell>{entry.activity_type}</TableCell>}
              {!mobile && <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 240 }}>{entry.note || '—'}</TableCell>}
              <TableCell>
                <EntryState entry={entry} />
              </TableCell>
              {(onEdit || onDelete) && (
                <TableCell>
                  <RowActions
                    label={`Actions for the entry of ${formatDay(entry.date)}`}
                    actions={
                      entry.can_edit
                        ? [
                            ...(onEdit ? [{ label: 'Edit', onClick: () => onEdit(entry) }] : []),
                            ...(onDelete ? [{ label: 'Delete', onClick: () => onDelete(entry) }] : []),
                          ]
                        : []
                    }
                  />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EntryState({ entry }: { entry: TimeEntry }) {
  if (entry.state !== 'stopped') {
    return <Chip size="small" color="success" label={entry.state === 'running' ? 'Running' : 'Paused'} />;
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {entry.approved ? (
        <Tooltip
          title={`Approved${entry.approved_by_name ? ` by ${entry.approved_by_name}` : ''}${
            entry.approved_at ? ` on ${formatDateShort(entry.approved_at)}` : ''
          }`}
        >
          <Chip size="small" icon={<LockIcon />} label="Approved" color="primary" variant="outlined" />
        </Tooltip>
      ) : (
        <Chip size="small" variant="outlined" label={entry.source === 'manual' ? 'Typed' : 'Timer'} />
      )}
      {entry.flagged && (
        <Tooltip title="Ran 12 hours and stopped itself: please check it">
          <Chip size="small" color="warning" icon={<FlagIcon />} label="Check" />
        </Tooltip>
      )}
    </Box>
  );
}
