import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useMobile } from './useMobile.ts';

interface TitledDialogProps {
  open: boolean;
  title: ReactNode;
  /** Left out while the dialog must stay open (a save is running, or the user must answer). */
  onClose?: () => void;
  /** After the close transition: where a dialog forgets what was typed without blanking while it fades. */
  onExited?: () => void;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** The DialogContent and DialogActions. */
  children: ReactNode;
}

/** A dialog named by its title, full width up to `maxWidth` and full screen on mobile (spec 01 §9). */
export function TitledDialog({ open, title, onClose, onExited, maxWidth = 'sm', children }: TitledDialogProps) {
  const titleId = useId();
  const mobile = useMobile();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={mobile}
      slotProps={{ transition: { onExited } }}
    >
      {/* Titles carry user-given names (a template, a subject): long ones wrap instead of overflowing. */}
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      {children}
    </Dialog>
  );
}
