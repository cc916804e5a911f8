import type { TaskRow } from '@lexdesk/contract';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { taskDetailPath } from './paths.ts';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { formatDay, isOverdue, PriorityChip } from './taskChips.tsx';

/** A short list of tasks with their due day (the dashboards' overdue and due lists). */
export function TaskTable({ label, tasks, empty }: { label: string; tasks: readonly TaskRow[]; empty: string }) {
  return (
    <SimpleTable<TaskRow>
      label={label}
      empty={empty}
      columns={[
        {
          header: 'Task',
          render: (t) => (
            <Link component={RouterLink} to={taskDetailPath(t.id)} sx={{ fontWeight: 600 }}>
              {t.title}
            </Link>
          ),
        },
        { header: 'Case', hideOnMobile: true, render: (t) => t.case_title ?? '—' },
        { header: 'Assignees', hideOnMobile: true, render: (t) => t.assignees.map((a) => a.name).join(', ') || '—' },
        { header: 'Priority', hideOnMobile: true, render: (t) => <PriorityChip priority={t.priority} /> },
        { header: 'Due', render: (t) => `${formatDay(t.due_date)}${isOverdue(t) ? ' (overdue)' : ''}` },
      ]}
      rows={tasks}
      rowKey={(t) => t.id}
    />
  );
}
