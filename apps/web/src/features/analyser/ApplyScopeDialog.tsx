import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ApplyScopeDialogProps {
  open: boolean;
  title: string;
  question: string;
  onAnswer: (all: boolean) => void;
  onCancel: () => void;
}

/** The super user's Yes / No / Cancel: Yes applies everywhere the list is assigned, No only here (spec 03 §4, §6). */
export function ApplyScopeDialog({ open, title, question, onAnswer, onCancel }: ApplyScopeDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="outlined" onClick={() => onAnswer(false)}>
          No
        </Button>
        <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
