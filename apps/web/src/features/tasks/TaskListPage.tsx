import { can, formatDuration, taskMessages as M, type TaskRow } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { deleteTask, fetchTasks } from './api.ts';
import { ModuleOff } from '../../ui/ModuleOff.tsx';
import { idOf } from './paths.ts';
import { formatDay, isOverdue, PriorityChip, StatusChip } from './taskChips.tsx';
import { TaskDetailDialog } from './TaskDetailDialog.tsx';
import { TaskFilters, type TaskFilterValues } from './TaskFilters.tsx';
import { TaskFormDialog } from './TaskFormDialog.tsx';
import { useTaskPeople } from './TaskPickers.tsx';
import { liveSeconds } from './timerClock.ts';
import { useElapsedSeconds, useOngoingTimer } from './useTimer.ts';

/**
 * /task (spec 01 §2 'Task Detail'; query `task_id` opens that task, `created_by` lists a user's tasks): the tasks
 * with filters, sorting and search, New task, and each task's detail in a dialog.
 */
export function TaskListPage() {
  useDocumentTitle('Task Detail');
  const session = useRequiredSession();
  if (!can(session, 'tasks.read')) return <ModuleOff title="Task Detail" module="Task Management" />;
  return <TaskList />;
}

function TaskList() {
  const session = useRequiredSession();
  const staff = session.role === 'super' || session.role === 'admin';
  const [query, setQuery] = useSearchParams();
  const openId = idOf(query.get('task_id'));
  const createdBy = idOf(query.get('created_by'));
  const people = useTaskPeople();
  const paging = usePaging();
  const [filters, setFilters] = useState<TaskFilterValues>({
    scope: staff ? 'all' : 'mine',
    caseChoice: null,
    status: '',
    due: '',
    sort: 'created_at',
    order: 'desc',
  });
  const [creating, setCreating] = useState(false);
  const params = {
    page_no: paging.pageNo,
    limits: paging.limits,
    search_key: paging.search || undefined,
    // A creator's list (the spec's ?created_by=) looks across the organisation.
    scope: createdBy ? ('all' as const) : filters.scope,
    created_by: createdBy ?? undefined,
    case_id: filters.caseChoice?.id,
    status: filters.status || undefined,
    due: filters.due || undefined,
    sort: filters.sort,
    order: filters.order,
  };
  const list = useQuery({
    queryKey: queryKeys.tasks.list(params),
    queryFn: ({ signal }) => fetchTasks(params, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useRowDelete((row: TaskRow) => deleteTask(row.id), [queryKeys.tasks.all], M.deleted);

  const setParam = (name: string, value: number | null) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, String(value));
        return next;
      },
      { replace: value === null },
    );
  const open = (id: number | null) => setParam('task_id', id);
  const creatorName = createdBy === null ? null : (people.find((p) => p.id === createdBy)?.name ?? `user ${createdBy}`);

  // The caller's running timer counts in its task's time as it runs (issue 31 item 5).
  const timer = useOngoingTimer().data;
  const elapsed = useElapsedSeconds(list.dataUpdatedAt, timer?.state === 'running');
  const loggedOf = (row: TaskRow) =>
    liveSeconds(row.logged_seconds, timer?.state === 'running' && row.id === timer.task_id, elapsed);
  const columns: DataTableColumn<TaskRow>[] = [
    {
      key: 'title',
      header: 'Task',
      minWidth: 180,
      render: (row) => (
        <Box sx={{ display: 'grid', gap: 0.25 }}>
          <Link
            component="button"
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              open(row.id);
            }}
            sx={{ fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {row.title}
          </Link>
          {row.case_title && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.case_title}
            </Typography>
          )}
        </Box>
      ),
    },
    { key: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
    {
      key: 'priority',
      header: 'Priority',
      hideOnMobile: true,
      render: (row) => <PriorityChip priority={row.priority} />,
    },
    {
      key: 'due',
      header: 'Due',
      render: (row) =>
        row.due_date ? (
          <Box sx={{ color: isOverdue(row) ? 'error.main' : undefined, fontWeight: isOverdue(row) ? 700 : undefined }}>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDay(row.due_date)}
            </Box>
            {isOverdue(row) && (
              <Typography variant="caption" component="div" sx={{ fontWeight: 700 }}>
                Overdue
              </Typography>
            )}
          </Box>
        ) : (
          '—'
        ),
    },
    {
      key: 'assignees',
      header: 'Assignees',
      hideOnMobile: true,
      noWrap: true,
      render: (row) => row.assignees.map((a) => a.name).join(', ') || '—',
    },
    {
      key: 'checklist',
      header: 'Checklist',
      hideOnMobile: true,
      render: (row) => (row.checklist_total ? `${row.checklist_done}/${row.checklist_total}` : '—'),
    },
    {
      key: 'time',
      header: 'Time',
      hideOnMobile: true,
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {loggedOf(row) ? formatDuration(loggedOf(row)) : '—'}
        </Box>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (row) => (
        <RowActions
          label={`Actions for ${row.title}`}
          actions={[
            { label: 'Open', onClick: () => open(row.id) },
            ...(row.actions.delete ? [{ label: 'Delete', onClick: () => rows.setDeleting(row) }] : []),
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Task Detail"
      intro="Tasks on your matters: who does what by when, with their checklists, comments, files and time."
      actions={
        can(session, 'tasks.write') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New task
          </Button>
        )
      }
    >
      <SearchField label="Search tasks" onSearch={paging.setSearch} />
      {creatorName !== null ? (
        <Box>
          <Chip label={`Created by ${creatorName}`} onDelete={() => setParam('created_by', null)} />
        </Box>
      ) : null}
      <TaskFilters
        value={filters}
        staff={staff}
        onChange={(next) => {
          setFilters(next);
          paging.setPageNo(1);
        }}
      />
      <DataTable
        label="Tasks"
        columns={columns}
        getRowId={(row) => row.id}
        onRowClick={(row) => open(row.id)}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      {creating && (
        <TaskFormDialog
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            open(id);
          }}
        />
      )}
      {openId !== null && <TaskDetailDialog taskId={openId} onClose={() => open(null)} />}
      <RowDeleteDialog rows={rows} item="Task" />
    </ListPage>
  );
}
