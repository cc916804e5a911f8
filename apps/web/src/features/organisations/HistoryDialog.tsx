import type { HistoryEntry } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { commonMessages, MODULE_LABELS, type ModuleFlag } from '@lexdesk/contract';
import { refusalText } from '../../api/client.ts';
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

/** "field: from → to" lines of a change set; plain values as "field: value". */
export function describeChanges(changes: Record<string, unknown>): string[] {
  return Object.entries(changes).map(([field, value]) => {
    const label = isModuleFlag(field) ? MODULE_LABELS[field] : field.replaceAll('_', ' ');
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const change = value as { from: unknown; to: unknown };
      return `${label}: ${readable(change.from)} → ${readable(change.to)}`;
    }
    return `${label}: ${readable(value)}`;
  });
}

const isModuleFlag = (value: string): value is ModuleFlag => Object.hasOwn(MODULE_LABELS, value);

/** A recorded value as an administrator reads it: Yes/No, module names, 'set password' for set_password. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(readable).join(', ');
  if (typeof value !== 'string') return String(value);
  // The server records a user's modules as one 'case_permission, invoice_permission' text.
  const parts = value.split(', ');
  if (parts.every(isModuleFlag)) return parts.map((flag) => MODULE_LABELS[flag]).join(', ');
  return /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replaceAll('_', ' ') : value;
}

/** Who changed what and when (spec 01 §6 history), newest first, from the audit trail. */
export function HistoryDialog({ title, queryKey, load, onClose }: HistoryDialogProps) {
  const history = useQuery({
    queryKey: queryKey ?? ['history', 'closed'],
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
