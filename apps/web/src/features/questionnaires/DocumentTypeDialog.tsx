import {
  documentTypeMessages as M,
  documentTypeProblem,
  QUESTIONNAIRE_LIMITS as L,
  type DocumentType,
  type DocumentTypeSaved,
} from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { createDocumentType, updateDocumentType } from './api.ts';
import { useToasts } from './toasts.ts';

interface DocumentTypeDialogProps {
  open: boolean;
  /** The type to edit; null adds a new one. */
  editing: DocumentType | null;
  onClose: () => void;
  onSaved: (saved: DocumentTypeSaved['data']) => void;
}

/** 'Add Document Type' / 'Edit Document Type' (spec 02 §2.5): trimmed values, the spec's messages. */
export function DocumentTypeDialog({ open, editing, onClose, onSaved }: DocumentTypeDialogProps) {
  return (
    <TitledDialog open={open} title={editing ? 'Edit Document Type' : 'Add Document Type'} onClose={onClose}>
      {open && <Body key={editing?.id ?? 'new'} editing={editing} onClose={onClose} onSaved={onSaved} />}
    </TitledDialog>
  );
}

function Body({ editing, onClose, onSaved }: Omit<DocumentTypeDialogProps, 'open'>) {
  const toasts = useToasts();
  const banner = useErrorBanner();
  const [typeName, setTypeName] = useState(editing?.type_name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const save = useMutation({
    mutationFn: () => {
      const body = { type_name: typeName.trim(), description: description.trim() };
      return editing ? updateDocumentType(editing.id, body) : createDocumentType(body);
    },
    onSuccess: (saved) => {
      toasts.success(saved.detail);
      onSaved(saved.data);
      onClose();
    },
    onError: (error) => {
      if (editing) banner.show(isApiError(error) && error.status === 409 ? error.detail : M.updateFailed);
      else banner.show(isApiError(error) && error.status >= 400 && error.status < 500 ? error.detail : M.saveFailed);
    },
  });
  const submit = () => {
    const problem = documentTypeProblem({ type_name: typeName, description });
    if (problem) banner.show(problem);
    else save.mutate();
  };
  return (
    <>
      <DialogContent>
        <ErrorBanner banner={banner} />
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Document Type Name"
          value={typeName}
          onChange={(event) => setTypeName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: L.documentTypeName } }}
        />
        <TextField
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label="Document Description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          slotProps={{ htmlInput: { maxLength: L.documentTypeDescription } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {editing ? 'Update' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
