import {
  AMENDMENT_TYPES,
  ANALYSER_LIMITS,
  conceptMessages as M,
  type Amendment,
  type AmendmentType,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { AmendmentList, RuleSuggestions } from './AmendmentList.tsx';
import { createAmendment, deleteAmendment, fetchAmendments, updateAmendment } from './api.ts';
import { ApplyScopeDialog } from './ApplyScopeDialog.tsx';
import { serverText, useConceptToasts } from './useConceptToasts.ts';

export interface HeadChoice {
  id: number;
  head: string;
}

interface AmendmentsDialogProps {
  open: boolean;
  /** The heads to choose from (a list's), or the one head being edited. */
  heads: readonly HeadChoice[];
  onClose: () => void;
}

type Pending = { kind: 'save' } | { kind: 'delete'; amendment: Amendment };

/** Amendments of a head (spec 03 §2.3, §4): its rules' numbered suggestions, then its amendments to add or edit. */
export function AmendmentsDialog({ open, heads, onClose }: AmendmentsDialogProps) {
  return (
    <TitledDialog open={open} title="Amendments" onClose={onClose} maxWidth="md">
      {open && <Body heads={heads} onClose={onClose} />}
    </TitledDialog>
  );
}

function Body({ heads, onClose }: Omit<AmendmentsDialogProps, 'open'>) {
  const superUser = useRequiredSession().role === 'super';
  const queryClient = useQueryClient();
  const toasts = useConceptToasts();
  const banner = useErrorBanner();
  const [headId, setHeadId] = useState<number | ''>(heads.length === 1 ? (heads[0]?.id ?? '') : '');
  const [type, setType] = useState<AmendmentType | ''>('Text');
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Amendment | null>(null);
  const [asking, setAsking] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState<Amendment | null>(null);
  const amendments = useQuery({
    queryKey: queryKeys.analyser.amendments(Number(headId)),
    queryFn: () => fetchAmendments(Number(headId)),
    enabled: headId !== '',
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.analyser.amendments(Number(headId)) });
  const save = useMutation({
    mutationFn: (updateAll: boolean | undefined) => {
      const body = { amendment_type: type as AmendmentType, amendment: text.trim(), updateAll };
      return editing ? updateAmendment(editing.id, body) : createAmendment(Number(headId), body);
    },
    onSuccess: async () => {
      toasts.success(editing ? M.amendmentUpdated : M.amendmentAdded);
      setEditing(null);
      setText('');
      setType('Text');
      await refresh();
    },
    onError: (error) => banner.show(serverText(error, M.somethingWrong)),
  });
  const remove = useMutation({
    mutationFn: ({ amendment, updateAll }: { amendment: Amendment; updateAll: boolean | undefined }) =>
      deleteAmendment(amendment.id, updateAll),
    onSuccess: async () => {
      toasts.success(M.amendmentDeleted);
      setDeleting(null);
      await refresh();
    },
    onError: (error) => banner.show(serverText(error, M.somethingWrong)),
  });
  const submit = () => {
    if (headId === '') return banner.show(M.selectHeads);
    if (type === '') return banner.show(M.amendmentTypeRequired);
    if (text.trim() === '') return banner.show(M.amendmentRequired);
    if (superUser) setAsking({ kind: 'save' });
    else save.mutate(undefined);
  };
  const answer = (all: boolean) => {
    const pending = asking;
    setAsking(null);
    if (pending?.kind === 'save') save.mutate(all);
    else if (pending?.kind === 'delete') remove.mutate({ amendment: pending.amendment, updateAll: all });
  };
  return (
    <>
      <DialogContent dividers>
        <ErrorBanner banner={banner} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          {heads.length > 1 && (
            <TextField
              select
              label="Concept head"
              value={headId}
              onChange={(event) => {
                setHeadId(Number(event.target.value));
                setEditing(null);
              }}
            >
              {heads.map((head) => (
                <MenuItem key={head.id} value={head.id}>
                  {head.head}
                </MenuItem>
              ))}
            </TextField>
          )}
          {headId !== '' && <RuleSuggestions headId={headId} />}
          {headId !== '' && (
            <AmendmentList
              amendments={amendments.data?.data}
              loading={amendments.isFetching}
              onEdit={(amendment) => {
                setEditing(amendment);
                setType(amendment.amendment_type);
                setText(amendment.amendment);
              }}
              onDelete={setDeleting}
            />
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' } }}>
            <TextField
              select
              label="Amendment type"
              value={type}
              onChange={(event) => setType(event.target.value as AmendmentType | '')}
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {AMENDMENT_TYPES.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Amendment"
              multiline
              minRows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{ htmlInput: { maxLength: ANALYSER_LIMITS.amendment } }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        {editing && (
          <Button
            onClick={() => {
              setEditing(null);
              setText('');
              setType('Text');
            }}
          >
            Cancel edit
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending || headId === ''}>
          {editing ? 'Update' : 'Add'}
        </Button>
      </DialogActions>
      <ApplyScopeDialog
        open={asking !== null}
        title="Apply to the whole repository?"
        question="Apply this to the whole repository (Yes), or only to this concept (No)?"
        onAnswer={answer}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        item="amendment"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          if (superUser) setAsking({ kind: 'delete', amendment: deleting });
          else remove.mutate({ amendment: deleting, updateAll: undefined });
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
