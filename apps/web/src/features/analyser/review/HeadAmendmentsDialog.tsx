import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { refusalText } from '../../../api/client.ts';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';
import { fetchAmendments } from '../api.ts';

/** A head's amendments, read-only, from a result row (they are edited in the concept repository). */
export function HeadAmendmentsDialog({
  head,
  onClose,
}: {
  head: { concept_id: number; head: string } | null;
  onClose: () => void;
}) {
  const headId = head?.concept_id ?? 0;
  const amendments = useQuery({
    queryKey: queryKeys.analyser.amendments(headId),
    queryFn: () => fetchAmendments(headId),
    enabled: head !== null,
  });
  const rows = amendments.data?.data ?? [];
  return (
    <TitledDialog open={head !== null} title={`Amendments: ${head?.head ?? ''}`} onClose={onClose}>
      <DialogContent dividers>
        {amendments.isFetching && <LinearProgress aria-label="Loading amendments" />}
        {amendments.isError && <Typography color="error">{refusalText(amendments.error)}</Typography>}
        {amendments.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">This concept has no amendments.</Typography>
        )}
        {rows.length > 0 && (
          <List dense aria-label="Amendments">
            {rows.map((row) => (
              <ListItem key={row.id} disableGutters>
                <ListItemText primary={row.amendment} secondary={row.amendment_type} />
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
