import { conceptMessages as M } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

/** One head's description, or 'Concept description is not present' (spec 03 §5). */
export function DefinitionDialog({
  head,
  onClose,
}: {
  head: { head: string; definition: string } | null;
  onClose: () => void;
}) {
  return (
    <TitledDialog open={head !== null} title={head?.head ?? ''} onClose={onClose}>
      <DialogContent dividers>
        {head?.definition.trim() ? (
          <RichTextView html={head.definition} />
        ) : (
          <Typography color="text.secondary">{M.noDescription}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
