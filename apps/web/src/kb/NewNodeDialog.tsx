import { knowledgeMessages, type KnowledgeNodeKind } from '@lexdesk/contract';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, refusalText } from '../api/client.ts';
import { FormDialog } from '../ui/FormDialog.tsx';
import { createNode } from './api.ts';
import { KIND_LABELS } from './tree.ts';

export interface NewNodeTarget {
  kind: KnowledgeNodeKind;
  parent: number | null;
}

/** A new domain (managers), class (managers) or article (contributors and managers); an article opens to edit. */
export function NewNodeDialog({ target, onClose }: { target: NewNodeTarget | null; onClose: () => void }) {
  if (!target) return null;
  return <Form target={target} onClose={onClose} />;
}

function Form({ target, onClose }: { target: NewNodeTarget; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const label = KIND_LABELS[target.kind];
  const create = useMutation({
    mutationFn: () => createNode({ parent_id: target.parent, kind: target.kind, title: title.trim() }),
    onSuccess: async (saved) => {
      enqueueSnackbar(saved.detail, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['kb'] });
      onClose();
      void navigate(target.kind === 'instance' ? `/node/${saved.node.id}/edit` : `/node/${saved.node.id}`);
    },
  });
  const refusal = create.error && !(isApiError(create.error, 400) && create.error.fields?.title) ? create.error : null;
  return (
    <FormDialog
      title={`New ${label.toLowerCase()}`}
      submitLabel="Create"
      columns={1}
      onClose={onClose}
      save={{
        busy: create.isPending,
        refusal: refusal ? refusalText(refusal) : null,
        submit: () => {
          if (!title.trim()) return setProblem(knowledgeMessages.titleRequired);
          setProblem(null);
          create.mutate();
        },
      }}
    >
      <TextField
        autoFocus
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(problem ?? (isApiError(create.error, 400) && create.error.fields?.title))}
        helperText={problem ?? (isApiError(create.error, 400) ? create.error.fields?.title : undefined)}
        required
      />
    </FormDialog>
  );
}
