import { conceptMessages as M } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DocumentTypeDialog } from '../questionnaires/index.ts';
import { deleteConceptDocument, fetchConceptDocuments } from './api.ts';
import { useConceptToasts } from './useConceptToasts.ts';

interface DocumentTypeFieldProps {
  organisations: readonly number[];
  value: number | null;
  onChange: (id: number | null) => void;
  disabled: boolean;
  /** Edit and delete are offered only when no head is being edited (spec 03 §5). */
  headEditing: boolean;
}

/** Document type select with Add, Edit and Delete (the dialog of spec 02 §2.5) and its read-only description. */
export function DocumentTypeField({ organisations, value, onChange, disabled, headEditing }: DocumentTypeFieldProps) {
  const queryClient = useQueryClient();
  const toasts = useConceptToasts();
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const types = useQuery({
    queryKey: queryKeys.analyser.documents(organisations),
    queryFn: () => fetchConceptDocuments(organisations),
  });
  const options = types.data?.data ?? [];
  const chosen = options.find((option) => option.id === value) ?? null;
  const mine = Boolean(chosen?.own) && !headEditing && !disabled;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.analyser.documentsAll });
  const remove = useMutation({
    mutationFn: (id: number) => deleteConceptDocument(id),
    onSuccess: async () => {
      toasts.success(M.documentTypeDeleted);
      setDeleting(false);
      onChange(null);
      await refresh();
    },
    onError: () => {
      toasts.problem(M.documentTypeDeleteFailed);
      setDeleting(false);
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <TextField
          select
          fullWidth
          label="Document type"
          value={chosen ? chosen.id : ''}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          disabled={disabled}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.type_name}
              {!option.own && option.organization_name ? ` (${option.organization_name})` : ''}
            </MenuItem>
          ))}
        </TextField>
        {!disabled && !headEditing && (
          <Tooltip title="Add document type">
            <IconButton aria-label="Add document type" onClick={() => setDialog('add')}>
              <AddIcon />
            </IconButton>
          </Tooltip>
        )}
        {mine && (
          <>
            <Tooltip title="Edit document type">
              <IconButton aria-label="Edit document type" onClick={() => setDialog('edit')}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete document type">
              <IconButton aria-label="Delete document type" onClick={() => setDeleting(true)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      <TextField
        label="Document description"
        value={chosen?.description ?? ''}
        multiline
        maxRows={4}
        slotProps={{ input: { readOnly: true } }}
      />
      <Suspense fallback={null}>
        {dialog && (
          <DocumentTypeDialog
            open
            editing={dialog === 'edit' ? chosen : null}
            onClose={() => setDialog(null)}
            onSaved={(saved) => {
              onChange(saved.id);
              void refresh();
            }}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={deleting}
        item="document type"
        busy={remove.isPending}
        onConfirm={() => chosen && remove.mutate(chosen.id)}
        onClose={() => setDeleting(false)}
      />
    </Box>
  );
}
