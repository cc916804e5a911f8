import { taskMessages as M, type TaskDetail } from '@lexdesk/contract';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateShort } from '../../ui/dates.ts';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { deleteTask, fetchTask } from './api.ts';
import { ChecklistSection } from './ChecklistSection.tsx';
import { CommentsSection } from './CommentsSection.tsx';
import { formatDay, isOverdue, PriorityChip, StatusChip } from './taskChips.tsx';
import { TaskAttachments } from './TaskAttachments.tsx';
import { TaskFormDialog } from './TaskFormDialog.tsx';
import { TaskTimeSection } from './TaskTimeSection.tsx';

/** One task (/task?task_id=N): its facts, description, time, checklist, files and comments; Edit and Delete. */
export function TaskDetailDialog({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const task = useQuery({
    queryKey: queryKeys.tasks.detail(taskId),
    queryFn: ({ signal }) => fetchTask(taskId, signal),
    retry: false,
  });
  const [editing, setEditing] = useState(false);
  const rows = useRowDelete((row: TaskDetail) => deleteTask(row.id), [queryKeys.tasks.all], M.deleted);
  const data = task.data;
  // A deleted task's dialog closes (its detail would answer 404 now).
  const deleted = rows.remove.isSuccess;
  useEffect(() => {
    if (deleted) onClose();
  }, [deleted, onClose]);
  return (
    <TitledDialog open title={data?.title ?? 'Task'} onClose={onClose} maxWidth="md">
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        {task.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the task" />
          </Box>
        )}
        {task.isError && <Typography color="error">{refusalText(task.error)}</Typography>}
        {data && (
          <>
            <Facts task={data} />
            {data.description.trim() !== '' && <RichTextView html={data.description} />}
            <Divider />
            <TaskTimeSection task={data} />
            <Divider />
            <ChecklistSection taskId={data.id} items={data.checklist} editable={data.actions.edit} />
            <Divider />
            <TaskAttachments taskId={data.id} attachments={data.attachments} editable={data.actions.edit} />
            <Divider />
            <CommentsSection taskId={data.id} comments={data.comments} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data?.actions.delete && (
          <Button color="error" onClick={() => rows.setDeleting(data)}>
            Delete
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {data?.actions.edit && (
          <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {editing && data && (
        <TaskFormDialog task={data} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      )}
      <RowDeleteDialog rows={rows} item="Task" />
    </TitledDialog>
  );
}

function Facts({ task }: { task: TaskDetail }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Fact label="Status">
        <StatusChip status={task.status} />
      </Fact>
      <Fact label="Priority">
        <PriorityChip priority={task.priority} />
      </Fact>
      <Fact label="Due">
        {task.due_date ? (
          <Typography variant="body2" color={isOverdue(task) ? 'error' : undefined}>
            {formatDay(task.due_date)}
            {isOverdue(task) && ' (overdue)'}
          </Typography>
        ) : (
          '—'
        )}
      </Fact>
      <Fact label="Case">{task.case_title ?? '—'}</Fact>
      <Fact label="Assignees">{task.assignees.map((a) => a.name).join(', ') || '—'}</Fact>
      <Fact label="Created">
        {formatDateShort(task.created_at)}
        {task.created_by_name ? ` by ${task.created_by_name}` : ''}
      </Fact>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
