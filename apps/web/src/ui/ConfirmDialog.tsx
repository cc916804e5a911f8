import { commonMessages } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { isDeleteWord } from './text.ts';

interface ConfirmDialogProps {
  open: boolean;
  /** What is deleted, as the sentence names it: 'Are you sure you want to delete this {item} ?'. */
  item: string;
  /** Second step of spec 01 §4 (users, cases, clients): the user must type Delete. */
  typed?: boolean;
  title?: string;
  confirmLabel?: string;
  busy?: boolean;
  /** Another question than the delete one (issuing, voiding an invoice). */
  question?: string;
  /** The confirm button's colour: red for what destroys (the default), primary for a step forward. */
  confirmColor?: 'error' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
}

/** Every delete goes through this dialog (DESIGN §6). */
export function ConfirmDialog({
  open,
  item,
  typed = false,
  title = 'Confirm delete',
  confirmLabel = 'Delete',
  busy = false,
  question,
  confirmColor = 'error',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [word, setWord] = useState('');
  const titleId = useId();
  const textId = useId();
  const ready = !busy && (!typed || isDeleteWord(word));
  const close = () => {
    if (busy) return;
    setWord('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ transition: { onExited: () => setWord('') } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{question ?? commonMessages.deleteConfirm(item)}</DialogContentText>
        {typed && (
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={commonMessages.typeDeletePrompt}
            value={word}
            onChange={(event) => setWord(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button color={confirmColor} variant="contained" onClick={onConfirm} disabled={!ready} autoFocus={!typed}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
