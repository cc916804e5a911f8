import {
  TASK_OPEN_STATUSES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskPriority,
  type TaskStatus,
} from '@lexdesk/contract';
import Chip from '@mui/material/Chip';
import dayjs from 'dayjs';

const STATUS_COLOURS: Record<TaskStatus, 'default' | 'info' | 'success' | 'warning'> = {
  to_do: 'default',
  in_progress: 'info',
  done: 'success',
  cancelled: 'default',
};

export function StatusChip({ status }: { status: TaskStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      color={STATUS_COLOURS[status]}
      label={TASK_STATUS_LABELS[status]}
    />
  );
}

export function PriorityChip({ priority }: { priority: TaskPriority }) {
  const colour = priority === 'urgent' ? 'error' : priority === 'high' ? 'warning' : 'default';
  return <Chip size="small" variant="outlined" color={colour} label={TASK_PRIORITY_LABELS[priority]} />;
}

/** Due dates are calendar days (ui/dates.ts). */
export { formatDay } from '../../ui/dates.ts';

/** The browser's today as YYYY-MM-DD. */
export const todayIso = (): string => dayjs().format('YYYY-MM-DD');

/** An open task whose due day is before today. */
export function isOverdue(task: { due_date: string | null; status: TaskStatus }, today = todayIso()): boolean {
  return task.due_date !== null && task.due_date < today && TASK_OPEN_STATUSES.includes(task.status);
}
