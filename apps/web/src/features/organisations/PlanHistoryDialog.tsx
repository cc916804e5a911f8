import { commonMessages } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { fetchPlanHistory } from './api.ts';
import { planLabel } from './planText.ts';

const ACTIONS: Record<string, string> = {
  created: 'Started',
  changed: 'Plan changed',
  renewed: 'Renewed',
  trial_converted: 'Trial ended: moved to Associate',
  user_limit_changed: 'User limit changed',
};

/** An organisation's plan history (GET plan-history/?id=), newest first. */
export function PlanHistoryDialog({
  organisation,
  onClose,
}: {
  organisation: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const history = useQuery({
    queryKey: queryKeys.planHistory(organisation?.id ?? 0),
    queryFn: ({ signal }) => fetchPlanHistory(organisation?.id ?? 0, signal),
    enabled: organisation !== null,
  });
  return (
    <TitledDialog
      open={organisation !== null}
      title={`Plan history${organisation ? ` of ${organisation.name}` : ''}`}
      onClose={onClose}
      maxWidth="md"
    >
      <DialogContent dividers>
        {history.isPending && <Typography color="text.secondary">{commonMessages.loading}</Typography>}
        {history.isError && <Typography color="error">{refusalText(history.error)}</Typography>}
        {history.data && (
          <TableContainer>
            <Table size="small" aria-label="Plan history">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Change</TableCell>
                  <TableCell>Plan</TableCell>
                  <TableCell>User limit</TableCell>
                  <TableCell>Valid until</TableCell>
                  <TableCell>By</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center">
                      {commonMessages.noRecords}
                    </TableCell>
                  </TableRow>
                )}
                {history.data.data.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateShort(entry.created_at)}</TableCell>
                    <TableCell>{ACTIONS[entry.action] ?? entry.action}</TableCell>
                    <TableCell>{planLabel(entry.plan_name, entry.duration)}</TableCell>
                    <TableCell>{entry.user_limit}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {entry.expires_at ? formatDateShort(entry.expires_at) : '—'}
                    </TableCell>
                    <TableCell>{entry.changed_by ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
