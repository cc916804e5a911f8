import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';

/** The cases or documents of a saved search, behind its count badge. */
export function NamesDialog({
  names,
  onClose,
}: {
  names: { title: string; items: string[] } | null;
  onClose: () => void;
}) {
  return (
    <TitledDialog open={names !== null} title={names?.title ?? ''} onClose={onClose} maxWidth="xs">
      <DialogContent dividers>
        <List dense aria-label={names?.title}>
          {names?.items.map((name, i) => (
            <ListItem key={`${i}-${name}`} sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
