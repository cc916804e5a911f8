import type { HistoryEntry } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { commonMessages } from '@lexdesk/contract';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { describeChanges } from '../../ui/changes.ts';
import { formatDateLong } from '../../ui/dates.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

interface HistoryDialogProps {
  title: string;
  /** Query key and fetcher of the history; null while closed. */
  queryKey: readonly unknown[] | null;
  load: (signal: AbortSignal) => Promise<{ data: HistoryEntry[] }>;
  onClose: () => void;
}

const ACTIONS: Record<string, string> = {
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  invited: 'Invited',
  activated: 'Activated',
  deactivated: 'Deactivated',
  link_sent: 'Link sent',
  password_set: 'Password set',
  password_changed: 'Password changed',
  profile_updated: 'Profile changed',
  plan_changed: 'Plan changed',
  plan_renewed: 'Plan renewed',
  invitation_completed: 'Invitation completed',
};

/** Who changed what and when (spec 01 §6 history), newest first, from the audit trail. */
export function HistoryDialog({ title, queryKey, load, onClose }: HistoryDialogProps) {
  const history = useQuery({
    queryKey: queryKey ?? queryKeys.closedHistory,
    queryFn: ({ signal }) => load(signal),
    enabled: queryKey !== null,
  });
  return (
    <TitledDialog open={queryKey !== null} title={title} onClose={onClose}>
      <DialogContent dividers>
        {history.isPending && <Typography color="text.secondary">{commonMessages.loading}</Typography>}
        {history.isError && <Typography color="error">{refusalText(history.error)}</Typography>}
        {history.data && history.data.data.length === 0 && (
          <Typography color="text.secondary">{commonMessages.noRecords}</Typography>
        )}
        {history.data && history.data.data.length > 0 && (
          <List dense aria-label={title}>
            {history.data.data.map((entry) => (
              <ListItem key={entry.id} divider alignItems="flex-start" disableGutters>
                <ListItemText
                  primary={`${ACTIONS[entry.action] ?? entry.action.replaceAll('_', ' ')} by ${entry.actor ?? 'System'}`}
                  secondary={
                    <>
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {formatDateLong(entry.created_at)}
                      </Typography>
                      {describeChanges(entry.changes).map((line) => (
                        <Typography
                          key={line}
                          component="span"
                          variant="body2"
                          sx={{ display: 'block', wordBreak: 'break-word' }}
                        >
                          {line}
                        </Typography>
                      ))}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
