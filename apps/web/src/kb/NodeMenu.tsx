import type { KnowledgeNode } from '@lexdesk/contract';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { refusalText } from '../api/client.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { RowActions, type RowAction } from '../ui/RowActions.tsx';
import { deleteNode, updateNode } from './api.ts';
import { useMe } from './me.ts';
import { KIND_LABELS } from './tree.ts';

/** Rename (domains and classes: managers) and delete (managers; an article also its contributors). */
export function NodeMenu({ node }: { node: KnowledgeNode }) {
  const me = useMe();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const article = node.kind === 'instance';
  const sharedLocked = node.shared && !me.can_curate_shared;
  const canChange = !sharedLocked && (article ? me.can_edit : me.can_manage_structure);
  const actions: RowAction[] = [];
  if (canChange && !article) actions.push({ label: 'Rename', onClick: () => setDialog('rename') });
  if (canChange) actions.push({ label: 'Delete', onClick: () => setDialog('delete') });
  return (
    <>
      <RowActions label={`More actions for ${node.title}`} actions={actions} />
      {dialog === 'rename' && <RenameDialog node={node} onClose={() => setDialog(null)} />}
      <DeleteDialog node={node} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </>
  );
}

function RenameDialog({ node, onClose }: { node: KnowledgeNode; onClose: () => void }) {
  const [title, setTitle] = useState(node.title);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const save = useMutation({
    mutationFn: () => updateNode(node.id, { title: title.trim(), revision: node.revision }),
    onSuccess: async (saved) => {
      enqueueSnackbar(saved.detail, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['kb'] });
      onClose();
    },
  });
  return (
    <FormDialog
      title={`Rename ${KIND_LABELS[node.kind].toLowerCase()}`}
      submitLabel="Save"
      columns={1}
      onClose={onClose}
      save={{ busy: save.isPending, refusal: save.error ? refusalText(save.error) : null, submit: () => save.mutate() }}
    >
      <TextField autoFocus label="Title" value={title} onChange={(event) => setTitle(event.target.value)} required />
    </FormDialog>
  );
}

function DeleteDialog({ node, open, onClose }: { node: KnowledgeNode; open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const parent = node.breadcrumb.filter((crumb) => crumb.id !== node.id).at(-1);
  const remove = useMutation({
    mutationFn: () => deleteNode(node.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      onClose();
      void navigate(parent ? `/node/${parent.id}` : '/', { replace: true });
      queryClient.removeQueries({ queryKey: ['kb', 'node', node.id] });
      await queryClient.invalidateQueries({ queryKey: ['kb'] });
    },
    onError: (error) => {
      enqueueSnackbar(refusalText(error), { variant: 'error' });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      item={KIND_LABELS[node.kind].toLowerCase()}
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}
