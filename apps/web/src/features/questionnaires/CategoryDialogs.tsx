import { QUESTIONNAIRE_LIMITS as L, questionnaireMessages as M } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

interface CategoryNameDialogProps {
  /** 'add' or 'update'; null when closed. */
  mode: 'add' | 'update' | null;
  initialName: string;
  busy: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
  onProblem: (message: string) => void;
}

/** Add or rename a category; the name is confirmed with 'Is the name of the category correct?' before saving. */
export function CategoryNameDialog({ mode, initialName, busy, onSave, onClose, onProblem }: CategoryNameDialogProps) {
  return (
    <TitledDialog
      open={mode !== null}
      title={mode === 'update' ? 'Edit Category' : 'Add Category'}
      onClose={busy ? undefined : onClose}
    >
      {mode !== null && (
        <Body
          key={mode + initialName}
          initialName={initialName}
          busy={busy}
          onSave={onSave}
          onClose={onClose}
          onProblem={onProblem}
        />
      )}
    </TitledDialog>
  );
}

function Body({ initialName, busy, onSave, onClose, onProblem }: Omit<CategoryNameDialogProps, 'mode'>) {
  const [name, setName] = useState(initialName);
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const ask = () => {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > L.categoryName) onProblem(M.blankCategory);
    else setConfirming(true);
  };
  if (confirming) {
    return (
      <>
        <DialogContent>
          <DialogContentText id={confirmId}>{M.confirmCategory}</DialogContentText>
          <DialogContentText sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>{name.trim()}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            No
          </Button>
          <Button variant="contained" onClick={() => onSave(name.trim())} disabled={busy} autoFocus>
            Yes
          </Button>
        </DialogActions>
      </>
    );
  }
  return (
    <>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Category Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              ask();
            }
          }}
          slotProps={{ htmlInput: { maxLength: L.categoryName } }}
          helperText={`${name.trim().length} / ${L.categoryName}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={ask}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}
