import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useState, type ReactNode } from 'react';
import { DiscardChangesDialog } from './DiscardChangesDialog.tsx';
import { TitledDialog } from './TitledDialog.tsx';
import { useUnsavedChanges } from './useUnsavedChanges.ts';

/** What the dialog shows of its form's save. */
export interface FormSave {
  /** True while the save runs: the dialog stays open and its buttons are off. */
  busy: boolean;
  /** A refusal tied to no field, shown above the fields. */
  refusal: string | null;
  submit: () => void;
}

interface FormDialogProps {
  open?: boolean;
  title: string;
  submitLabel: string;
  save: FormSave;
  onClose: () => void;
  /** Fields to a row (one on mobile); with two, `gridColumn: '1 / -1'` spans both. */
  columns?: 1 | 2;
  /** The dialog's width ('sm' by default; a wide form such as an invoice's lines takes 'lg'). */
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/**
 * A create/edit dialog around a form: Enter or the main button submits; full screen on mobile. With unsaved
 * changes, Escape, a click outside and Cancel ask "Discard your changes?" before the form closes.
 */
export function FormDialog({
  open = true,
  title,
  submitLabel,
  save: { busy, refusal, submit },
  onClose,
  columns = 2,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const unsaved = useUnsavedChanges(open);
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (unsaved.changed()) setAsking(true);
    else onClose();
  };
  return (
    <TitledDialog open={open} title={title} maxWidth={maxWidth} onClose={busy ? undefined : close}>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          ref={unsaved.formRef}
          {...unsaved.listeners}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: columns === 2 ? '1fr 1fr' : '1fr' } }}
        >
          {refusal !== null && (
            // pre-line: a refusal may list several problems, one a line (a template's tag checks).
            <Alert severity="error" sx={{ gridColumn: '1 / -1', whiteSpace: 'pre-line' }}>
              {refusal}
            </Alert>
          )}
          {children}
          {/* Lets Enter in a field submit the form. */}
          <button type="submit" hidden />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
      <DiscardChangesDialog
        open={asking}
        onKeepEditing={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    </TitledDialog>
  );
}
