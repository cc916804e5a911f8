import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

interface PasswordPromptDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
}

/** Asks for the current password before a change to sign-in security. */
export function PasswordPromptDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: PasswordPromptDialogProps) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(password);
  };
  return (
    <TitledDialog open={open} title={title} onClose={onClose} onExited={() => setPassword('')} maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
          <PasswordField
            label="Current password"
            name="confirm-password-prompt"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            autoFocus
            fullWidth
            margin="normal"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy || !password}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </TitledDialog>
  );
}
