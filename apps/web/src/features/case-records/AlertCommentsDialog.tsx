import { alertCommentBody, alertMessages, type CaseAlert } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { addAlertComment } from './api.ts';

/** The comments of an alert, oldest first, and a box to add one (super and admin). */
export function AlertCommentsDialog({ alert, onClose }: { alert: CaseAlert | null; onClose: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [comments, setComments] = useState<CaseAlert['comments'] | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const shown = comments ?? alert?.comments ?? [];
  const add = useMutation({
    mutationFn: async () => {
      const parsed = alertCommentBody.safeParse({ text });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      return addAlertComment(alert?.id ?? 0, parsed.data.text);
    },
    onSuccess: async (updated) => {
      setComments(updated.comments);
      setText('');
      setProblem(null);
      enqueueSnackbar(alertMessages.commentAdded, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.caseRecords.alerts });
    },
    onError: (error) => setProblem(error instanceof Error && !('status' in error) ? error.message : refusalText(error)),
  });
  const close = () => {
    setComments(null);
    setText('');
    setProblem(null);
    onClose();
  };
  return (
    <TitledDialog
      open={alert !== null}
      title={`Comments: ${alert?.alert_type ?? ''} on ${alert?.case_title ?? ''}`}
      onClose={close}
    >
      <DialogContent dividers>
        {shown.length === 0 ? (
          <Typography color="text.secondary">No comments yet.</Typography>
        ) : (
          <List dense aria-label="Comments">
            {shown.map((comment) => (
              <ListItem key={comment.id} disableGutters>
                <ListItemText
                  primary={comment.text}
                  secondary={`${comment.created_by ?? 'Former user'} · ${formatDateShort(comment.created_at)}`}
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <TextField
          label="Add a comment"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
        />
        <FormProblem problem={problem} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        <Button variant="contained" onClick={() => add.mutate()} disabled={add.isPending}>
          Add comment
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
