import { checklistItemBody, type ChecklistItem, type TaskDetail } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { addChecklistItem, deleteChecklistItem, updateChecklistItem } from './api.ts';
import { Section } from './Section.tsx';

/** The task's checklist: tick items off, add and remove them (ticking is open to whoever may edit the task). */
export function ChecklistSection({
  taskId,
  items,
  editable,
}: {
  taskId: number;
  items: readonly ChecklistItem[];
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
  const failed = (error: Error) => enqueueSnackbar(refusalText(error), { variant: 'error' });
  const add = useMutation({
    mutationFn: (value: string) => addChecklistItem(taskId, value),
    onSuccess: async () => {
      setText('');
      await refresh();
    },
    onError: failed,
  });
  // A tick shows at once (the task's cached detail changes first) and is put back if the server refuses it.
  const tick = useMutation({
    mutationFn: (item: ChecklistItem) => updateChecklistItem(taskId, item.id, { done: !item.done }),
    onMutate: async (item) => {
      const key = queryKeys.tasks.detail(taskId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TaskDetail>(
        key,
        (task) =>
          task && {
            ...task,
            checklist: task.checklist.map((i) => (i.id === item.id ? { ...i, done: !item.done } : i)),
          },
      );
    },
    onSettled: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (item: ChecklistItem) => deleteChecklistItem(taskId, item.id),
    onSettled: refresh,
    onError: failed,
  });
  const done = items.filter((i) => i.done).length;
  const submit = () => {
    const checked = checklistItemBody.shape.text.safeParse(text);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? null);
    setProblem(null);
    add.mutate(checked.data);
  };

  return (
    <Section title={`Checklist (${done}/${items.length})`}>
      {items.length > 0 && (
        <LinearProgress
          variant="determinate"
          value={(done / items.length) * 100}
          aria-label={`${done} of ${items.length} checklist items done`}
          sx={{ height: 6, borderRadius: 3 }}
        />
      )}
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No checklist items yet.
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid' }}>
        {items.map((item) => (
          <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <FormControlLabel
              sx={{ flex: 1, minWidth: 0, mr: 0 }}
              control={
                <Checkbox
                  checked={item.done}
                  disabled={!editable || tick.isPending}
                  onChange={() => tick.mutate(item)}
                />
              }
              label={
                <Typography
                  variant="body2"
                  sx={{
                    overflowWrap: 'anywhere',
                    textDecoration: item.done ? 'line-through' : undefined,
                    color: item.done ? 'text.secondary' : undefined,
                  }}
                >
                  {item.text}
                </Typography>
              }
            />
            {editable && (
              <IconButton
                size="small"
                aria-label={`Remove checklist item ${item.text}`}
                onClick={() => remove.mutate(item)}
                disabled={remove.isPending}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {editable && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label="New checklist item"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={problem !== null}
            helperText={problem}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" disabled={add.isPending}>
            Add
          </Button>
        </Box>
      )}
    </Section>
  );
}
