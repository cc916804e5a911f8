import { commentBody, taskMessages as M, type TaskComment } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { addComment, deleteComment } from './api.ts';
import { Section } from './Section.tsx';

/** Comments on the task, oldest first; their authors (and staff) delete them. */
export function CommentsSection({ taskId, comments }: { taskId: number; comments: readonly TaskComment[] }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.detail(taskId) });
  const failed = (error: Error) => enqueueSnackbar(refusalText(error), { variant: 'error' });
  const add = useMutation({
    mutationFn: (text: string) => addComment(taskId, text),
    onSuccess: async (answer) => {
      setBody('');
      enqueueSnackbar(answer.detail || M.commentAdded, { variant: 'success' });
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (comment: TaskComment) => deleteComment(taskId, comment.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.commentDeleted, { variant: 'success' });
      await refresh();
    },
    onError: failed,
  });
  const submit = () => {
    const checked = commentBody.safeParse({ body });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null);
    setProblem(null);
    add.mutate(checked.data.body);
  };

  return (
    <Section title={`Comments (${comments.length})`}>
      {comments.map((comment) => (
        <Paper key={comment.id} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary">
              {comment.user_name ?? 'A former user'} · {formatDateShort(comment.created_at)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.body}
            </Typography>
          </Box>
          {comment.can_delete && (
            <IconButton
              size="small"
              aria-label={`Delete the comment of ${formatDateShort(comment.created_at)}`}
              onClick={() => remove.mutate(comment)}
              disabled={remove.isPending}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Paper>
      ))}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'grid', gap: 1 }}
      >
        <TextField
          label="Add a comment"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={2}
          error={problem !== null}
          helperText={problem}
        />
        <Box>
          <Button type="submit" variant="outlined" disabled={add.isPending}>
            Comment
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
