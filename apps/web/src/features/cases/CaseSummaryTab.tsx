import EditIcon from '@mui/icons-material/EditOutlined';
import LinkIcon from '@mui/icons-material/Link';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDateLong } from '../../ui/dates.ts';
import { deleteCase } from './api.ts';
import { CaseFormDialog } from './CaseFormDialog.tsx';
import type { CaseTabProps } from '../../app/webModule.ts';
import { CaseStatusChip } from './StatusChip.tsx';
import { useCopyCaseLink } from './useCopyCaseLink.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The case's fields, with edit, copy link and delete (spec 01 §6). */
export function CaseSummaryTab({ caseDetail: c }: CaseTabProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const copyLink = useCopyCaseLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useMutation({
    mutationFn: () => deleteCase(c.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      queryClient.removeQueries({ queryKey: queryKeys.cases.detail(c.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.cases.all });
      void navigate('/case');
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {c.actions.edit && (
          <Button startIcon={<EditIcon />} variant="outlined" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {c.actions.copy_link && (
          <Button startIcon={<LinkIcon />} variant="outlined" onClick={() => void copyLink(c.id)}>
            Copy link
          </Button>
        )}
        {c.actions.delete && (
          <Button startIcon={<DeleteIcon />} variant="outlined" color="error" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <Field label="Client">{c.client || '—'}</Field>
        <Field label="Parties">
          {c.parties.length === 0 ? (
            '—'
          ) : (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {c.parties.map((p) => (
                <Chip key={p} size="small" label={p} />
              ))}
            </Box>
          )}
        </Field>
        <Field label="Status">
          <CaseStatusChip status={c.status} />
        </Field>
        <Field label="Description">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {c.description || '—'}
          </Typography>
        </Field>
        <Field label="Assigned users">{c.assigned_users.map((u) => u.name).join(', ') || '—'}</Field>
        <Field label="Documents">{c.documents_count}</Field>
        <Field label="Created">{`${formatDateLong(c.created_at)}${c.created_by ? ` by ${c.created_by}` : ''}`}</Field>
        <Field label="Updated">{formatDateLong(c.updated_at)}</Field>
      </Box>
      {editing && <CaseFormDialog existing={c} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={deleting}
        item="case"
        typed
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(false)}
      />
    </Paper>
  );
}
