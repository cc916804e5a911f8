import { ANALYSER_LIMITS, conceptMessages as M, type Clause } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { createClause, deleteClause, fetchClauses, updateClause } from './api.ts';
import { PartItem, PartSection } from './PartSection.tsx';
import { useConceptToasts } from './useConceptToasts.ts';
import { useHeadMove } from './useHeadMove.ts';

/** The head's Clause Library: add, edit (the button turns to Update) and delete (spec 03 §4). */
export function ClauseLibrary({ headId }: { headId: number }) {
  const queryClient = useQueryClient();
  const toasts = useConceptToasts();
  const moved = useHeadMove(headId);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Clause | null>(null);
  const [deleting, setDeleting] = useState<Clause | null>(null);
  // Load failures show nothing (spec 03 §8): the section stays empty.
  const clauses = useQuery({ queryKey: queryKeys.analyser.clauses(headId), queryFn: () => fetchClauses(headId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.analyser.clauses(headId) });
  const save = useMutation({
    mutationFn: () =>
      editing ? updateClause(headId, editing.clause_id, text.trim()) : createClause(headId, text.trim()),
    onSuccess: async (answer) => {
      toasts.success(M.clauseSaved);
      setText('');
      setEditing(null);
      await refresh();
      moved(answer);
    },
    onError: (error) => toasts.failure(error, M.clauseFailed),
  });
  const remove = useMutation({
    mutationFn: (clause: Clause) => deleteClause(headId, clause.clause_id),
    onSuccess: async (answer) => {
      toasts.success(M.clauseDeleted);
      setDeleting(null);
      await refresh();
      moved(answer);
    },
    onError: (error) => toasts.failure(error),
  });
  const submit = () => {
    if (text.trim() === '') return toasts.problem(M.invalidClause);
    save.mutate();
  };
  return (
    <PartSection title="Clause Library">
      {(clauses.data?.clauses ?? []).map((clause, index) => (
        <PartItem
          key={clause.clause_id}
          number={index + 1}
          text={clause.clause_description}
          kind="clause"
          onEdit={() => {
            setEditing(clause);
            setText(clause.clause_description);
          }}
          onDelete={() => setDeleting(clause)}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label="Clause"
          fullWidth
          multiline
          minRows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: ANALYSER_LIMITS.clause } }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          {editing && (
            <Button
              onClick={() => {
                setEditing(null);
                setText('');
              }}
            >
              Cancel
            </Button>
          )}
          <Button variant="outlined" onClick={submit} disabled={save.isPending}>
            {editing ? 'Update' : 'Add'}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        item="clause"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </PartSection>
  );
}
