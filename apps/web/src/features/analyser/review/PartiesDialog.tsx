import { reviewMessages as RM } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { refusalText } from '../../../api/client.ts';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';
import { fetchParties } from './api.ts';

/** Parties List (spec 03 §2.5): the parties of a document's case, or 'No Party is assigned to the selected document.' */
export function PartiesDialog({ caseTaskId, onClose }: { caseTaskId: number | null; onClose: () => void }) {
  const parties = useQuery({
    queryKey: ['analyser', 'parties', caseTaskId],
    queryFn: ({ signal }) => fetchParties(caseTaskId ?? 0, signal),
    enabled: caseTaskId !== null,
  });
  const names = parties.data?.parties ?? [];
  return (
    <TitledDialog open={caseTaskId !== null} title="Parties List" onClose={onClose} maxWidth="xs">
      <DialogContent dividers>
        {parties.isFetching && <LinearProgress aria-label="Loading parties" />}
        {parties.isError && <Typography color="error">{refusalText(parties.error)}</Typography>}
        {parties.isSuccess && names.length === 0 && (
          <Typography color="text.secondary">{parties.data.detail ?? RM.noParty}</Typography>
        )}
        {names.length > 0 && (
          <List dense aria-label="Parties">
            {names.map((name) => (
              <ListItem key={name}>{name}</ListItem>
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
