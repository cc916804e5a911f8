import { ANALYSER_LIMITS, conceptMessages as M } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { ChildInput } from './api.ts';
import type { ParentPart, PartKind } from './partKinds.ts';
import { PartItem, PartSection } from './PartSection.tsx';
import { useConceptToasts } from './useConceptToasts.ts';
import { useHeadMove } from './useHeadMove.ts';

/**
 * Out of Scope with examples, or Rules with suggestions (spec 03 §4): a new child gets a temporary negative id and
 * is saved with its parent; deleting a saved child while its parent is edited calls the server at once.
 */
export function ParentPartsEditor({ headId, kind, extra }: { headId: number; kind: PartKind; extra?: ReactNode }) {
  const queryClient = useQueryClient();
  const toasts = useConceptToasts();
  const moved = useHeadMove(headId);
  const [description, setDescription] = useState('');
  const [children, setChildren] = useState<ChildInput[]>([]);
  const [childText, setChildText] = useState('');
  const [nextTemp, setNextTemp] = useState(-1);
  const [editing, setEditing] = useState<ParentPart | null>(null);
  const [deleting, setDeleting] = useState<ParentPart | null>(null);
  const parts = useQuery({ queryKey: kind.queryKey(headId), queryFn: () => kind.fetch(headId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: kind.queryKey(headId) });
  const clear = () => {
    setEditing(null);
    setDescription('');
    setChildren([]);
    setChildText('');
  };
  const save = useMutation({
    mutationFn: () => kind.save(headId, editing?.id ?? null, description.trim(), children),
    onSuccess: async (answer) => {
      toasts.success(kind.saved);
      clear();
      await refresh();
      moved(answer);
    },
    onError: (error) => toasts.failure(error),
  });
  const remove = useMutation({
    mutationFn: (part: ParentPart) => kind.deleteParent(headId, part.id),
    onSuccess: async (answer) => {
      toasts.success(kind.deleted);
      setDeleting(null);
      if (deleting && editing?.id === deleting.id) clear();
      await refresh();
      moved(answer);
    },
    onError: (error) => toasts.failure(error),
  });
  const removeChild = useMutation({
    mutationFn: (child: ChildInput) => kind.deleteChild(headId, editing?.id ?? 0, child.id),
    onSuccess: async (_answer, child) => {
      setChildren((current) => current.filter((c) => c.id !== child.id));
      await refresh();
    },
    onError: (error) => toasts.failure(error),
  });
  const addChild = () => {
    const text = childText.trim();
    if (text === '') return toasts.problem(kind.invalidChild);
    setChildren([...children, { id: nextTemp, text }]);
    setNextTemp(nextTemp - 1);
    setChildText('');
  };
  const dropChild = (child: ChildInput) => {
    if (child.id > 0 && editing) removeChild.mutate(child);
    else setChildren(children.filter((c) => c.id !== child.id));
  };
  const submit = () => {
    if (description.trim() === '') return toasts.problem(M.descriptionRequired);
    save.mutate();
  };
  const childNoun = kind.childKind;
  return (
    <PartSection title={kind.title}>
      {(parts.data ?? []).map((part, index) => (
        <PartItem
          key={part.id}
          number={index + 1}
          text={part.description}
          kind={kind.parentKind}
          onEdit={() => {
            setEditing(part);
            setDescription(part.description);
            setChildren(part.children);
          }}
          onDelete={() => setDeleting(part)}
        >
          <Box component="ol" sx={{ my: 0.5, pl: 6 }}>
            {part.children.map((child) => (
              <Typography component="li" variant="body2" key={child.id} sx={{ overflowWrap: 'anywhere' }}>
                {child.text}
              </Typography>
            ))}
          </Box>
        </PartItem>
      ))}
      <TextField
        label={kind.parentLabel}
        multiline
        minRows={2}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ANALYSER_LIMITS.description } }}
      />
      {children.length > 0 && (
        <Box sx={{ display: 'grid', gap: 0.5, pl: { xs: 0, sm: 2 } }} aria-label={`${kind.childLabel}s`}>
          {children.map((child, index) => (
            <PartItem
              key={child.id}
              number={index + 1}
              text={child.text}
              kind={childNoun}
              onDelete={() => dropChild(child)}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pl: { xs: 0, sm: 2 } }}>
        <TextField
          label={kind.childLabel}
          size="small"
          fullWidth
          value={childText}
          onChange={(event) => setChildText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            addChild();
          }}
          slotProps={{ htmlInput: { maxLength: ANALYSER_LIMITS.example } }}
        />
        <IconButton aria-label={`Add ${childNoun}`} onClick={addChild}>
          <AddIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {extra && <Box sx={{ mr: 'auto' }}>{extra}</Box>}
        {editing && <Button onClick={clear}>Cancel</Button>}
        <Button variant="outlined" onClick={submit} disabled={save.isPending}>
          {editing ? 'Update' : 'Add'} {kind.parentKind}
        </Button>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        item={kind.parentKind}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </PartSection>
  );
}
