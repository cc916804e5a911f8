import { commonMessages } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface DiscardChangesDialogProps {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  /** Where the changes are kept until then (the execution screen's draft): the sentence under the title. */
  detail?: string;
}

/** Asked before a form with unsaved changes closes; Escape or a click outside keeps editing. */
export function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
  detail = commonMessages.discardChangesDetail,
}: DiscardChangesDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onKeepEditing} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs">
      <DialogTitle id={titleId}>{commonMessages.discardChanges}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{detail}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepEditing} autoFocus>
          Keep editing
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
