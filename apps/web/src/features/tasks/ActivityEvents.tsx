import type { TaskEvent } from '@lexdesk/contract';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatDateShort } from '../../ui/dates.ts';
import { taskDetailPath } from './paths.ts';
import { SimpleTable } from '../../ui/SimpleTable.tsx';

/** Who did what on which task, newest first (the server's sentences from the audit trail). */
export function ActivityEvents({ events }: { events: readonly TaskEvent[] }) {
  return (
    <SimpleTable<TaskEvent>
      label="Who did what"
      empty="Nothing happened on tasks in these days."
      columns={[
        {
          header: 'When',
          render: (e) => <time dateTime={e.at}>{formatDateShort(e.at)}</time>,
        },
        { header: 'What', render: (e) => e.text },
        {
          header: 'Task',
          // No title for a task that is gone (its events keep no copy of it): no link to a missing page either.
          render: (e) =>
            e.task_id === null ? (
              '—'
            ) : e.task_title === null ? (
              'A deleted task'
            ) : (
              <Link component={RouterLink} to={taskDetailPath(e.task_id)}>
                {e.task_title}
              </Link>
            ),
        },
      ]}
      rows={events}
      rowKey={(e) => e.id}
    />
  );
}
