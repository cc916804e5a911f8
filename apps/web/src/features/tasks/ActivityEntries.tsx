import { can, formatDuration } from '@lexdesk/contract';
import CheckIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { fetchTimeEntries, type TaskActivityParams } from './api.ts';
import { TimeEntriesTable } from './TimeEntriesTable.tsx';
import { useApprove } from './useApprove.ts';

/**
 * The time entries of the range (GET time-entry/, 200 at most): staff select them and Approve, which locks them;
 * 'Only not approved' narrows the list to what is left to approve.
 */
export function ActivityEntries({ filters }: { filters: TaskActivityParams }) {
  const session = useRequiredSession();
  const approving = can(session, 'tasks.approve');
  const [open, setOpen] = useState(approving);
  const { selected, setSelected, approve } = useApprove();
  const params = {
    from: filters.from,
    to: filters.to,
    user_id: filters.user_id,
    case_id: filters.case_id,
    approved: open ? false : undefined,
    page_no: 1,
    limits: 200 as const,
  };
  const entries = useQuery({
    queryKey: queryKeys.tasks.entries(params),
    queryFn: ({ signal }) => fetchTimeEntries(params, signal),
    placeholderData: keepPreviousData,
  });
  const count = entries.data?.count ?? 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch checked={open} onChange={(event) => setOpen(event.target.checked)} />}
          label="Only not approved"
        />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {count} {count === 1 ? 'entry' : 'entries'}, {formatDuration(entries.data?.total_seconds ?? 0)}
          {count > 200 && ' (the first 200 show: narrow the range)'}
        </Typography>
        {approving && (
          <Button
            variant="contained"
            startIcon={<CheckIcon />}
            disabled={selected.size === 0 || approve.isPending}
            onClick={() => approve.mutate()}
          >
            Approve{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        )}
      </Box>
      <TimeEntriesTable
        label="Time entries"
        entries={entries.data?.data ?? []}
        receivedAt={entries.dataUpdatedAt}
        showTask
        {...(approving ? { selected, onSelect: setSelected } : {})}
      />
    </Box>
  );
}
