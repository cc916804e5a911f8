import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskBody,
  type TaskDetail,
  type TaskPerson,
  type TaskPriority,
  type TaskStatus,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { LazyRichTextEditor } from '../../ui/LazyRichTextEditor.tsx';
import { createTask, updateTask } from './api.ts';
import { AssigneesPicker, CasePicker, type CaseChoice } from './TaskPickers.tsx';

interface TaskFormDialogProps {
  /** The task being edited; absent for a new task. */
  task?: TaskDetail;
  /** A new task's case, when it is made from a case. */
  initialCase?: CaseChoice | null;
  onClose: () => void;
  onSaved: (taskId: number) => void;
}

/** New task / Edit task: title, rich-text description, case, assignees, due date, priority and status. */
export function TaskFormDialog({ task, initialCase = null, onClose, onSaved }: TaskFormDialogProps) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [caseChoice, setCaseChoice] = useState<CaseChoice | null>(
    task?.case_id ? { id: task.case_id, title: task.case_title ?? '' } : initialCase,
  );
  const [assignees, setAssignees] = useState<TaskPerson[]>(task?.assignees ?? []);
  const [dueDate, setDueDate] = useState(task?.due_date ?? '');
  const [priority, setPriority] = useState<TaskPriority>(task?.priority ?? 'normal');
  const [status, setStatus] = useState<TaskStatus>(task?.status ?? 'to_do');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: () => {
      const body = {
        title,
        description,
        case_id: caseChoice?.id ?? null,
        due_date: dueDate || null,
        priority,
        status,
        assignee_ids: assignees.map((a) => a.id),
      };
      const checked = taskBody.safeParse(body);
      if (!checked.success) {
        const found: Record<string, string> = {};
        for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
        setProblems(found);
        throw new Error('invalid');
      }
      setProblems({});
      return task ? updateTask(task.id, checked.data) : createTask(checked.data);
    },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all });
      onSaved(answer.id);
    },
  });
  const refusal = save.isError && save.error.message !== 'invalid' ? refusalText(save.error) : null;

  return (
    <FormDialog
      title={task ? 'Edit task' : 'New task'}
      submitLabel={task ? 'Save' : 'Create'}
      save={{ busy: save.isPending, refusal, submit: () => save.mutate() }}
      onClose={onClose}
    >
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        required
        autoFocus
        error={Boolean(problems.title)}
        helperText={problems.title}
        sx={{ gridColumn: '1 / -1' }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <LazyRichTextEditor label="Description" value={description} onChange={setDescription} minHeight={120} />
      </Box>
      <CasePicker value={caseChoice} onChange={setCaseChoice} helperText={problems.case_id} />
      <TextField
        type="date"
        label="Due date"
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        error={Boolean(problems.due_date)}
        helperText={problems.due_date}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <AssigneesPicker value={assignees} onChange={setAssignees} />
      </Box>
      <TextField
        select
        label="Priority"
        value={priority}
        onChange={(event) => setPriority(event.target.value as TaskPriority)}
      >
        {TASK_PRIORITIES.map((p) => (
          <MenuItem key={p} value={p}>
            {TASK_PRIORITY_LABELS[p]}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Status" value={status} onChange={(event) => setStatus(event.target.value as TaskStatus)}>
        {TASK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {TASK_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
