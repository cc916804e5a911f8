import { reviewMessages as RM, type ContextRow } from '@lexdesk/contract';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { refusalText } from '../../../api/client.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { sendHitFeedback } from './api.ts';

export interface FeedbackTarget {
  conceptId: number;
  documentId: number;
  row: ContextRow;
  thumbsUp: boolean;
}

const COMMENT_MAX = 2_000;

/** Like or dislike one hit with a comment: it lands in the head's response log (part 1). */
export function FeedbackDialog({ target, onClose }: { target: FeedbackTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [comments, setComments] = useState('');
  const send = useMutation({
    mutationFn: () =>
      sendHitFeedback({
        concept_id: target.conceptId,
        document_id: target.documentId,
        term: target.row.term,
        thumbs_up: target.thumbsUp,
        comments: comments.trim(),
      }),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || RM.feedbackSaved, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.analyser.feedbackAll(target.conceptId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.analyser.feedbackCounts(target.conceptId) });
      onClose();
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  return (
    <FormDialog
      title={target.thumbsUp ? 'Like this hit' : 'Dislike this hit'}
      submitLabel="Send"
      save={{ busy: send.isPending, refusal: null, submit: () => send.mutate() }}
      onClose={onClose}
      columns={1}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        “…{target.row.left} <strong>{target.row.keyword}</strong> {target.row.right}…”
      </DialogContentText>
      <TextField
        autoFocus
        multiline
        minRows={2}
        label="Comment"
        value={comments}
        onChange={(event) => setComments(event.target.value.slice(0, COMMENT_MAX))}
        helperText="Optional. It shows in the concept's response log."
      />
    </FormDialog>
  );
}
