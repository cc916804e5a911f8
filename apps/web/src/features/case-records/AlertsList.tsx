import { can, type CaseAlert } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { casePath, viewerPath } from '../cases/index.ts';
import { AlertCommentsDialog } from './AlertCommentsDialog.tsx';
import { AlertFormDialog } from './AlertFormDialog.tsx';
import { deleteAlert, fetchAlerts, type AlertListParams } from './api.ts';
import { formatDay } from './format.ts';

type Status = NonNullable<AlertListParams['status']>;
const STATUS_LABELS: Record<Status, string> = { all: 'All', open: 'Open', due: 'Due', done: 'Done' };

export function AlertStateChip({ alert }: { alert: CaseAlert }) {
  if (alert.is_done) return <Chip size="small" label="Done" variant="outlined" />;
  if (alert.is_due) return <Chip size="small" label="Due" color="error" />;
  return <Chip size="small" label="Upcoming" color="info" variant="outlined" />;
}

/** Alerts of the organisation, or of one case: filter, search, raise, edit, comment, delete (super and admin). */
export function AlertsList({ caseId }: { caseId?: number }) {
  const session = useRequiredSession();
  const manage = can(session, 'case.alerts.manage');
  const paging = usePaging();
  const [status, setStatus] = useState<Status>('open');
  const [editing, setEditing] = useState<CaseAlert | null | 'new'>(null);
  const [commenting, setCommenting] = useState<CaseAlert | null>(null);
  const params: AlertListParams = {
    pageNo: paging.pageNo,
    limits: paging.limits,
    search: paging.search,
    status,
    ...(caseId !== undefined ? { caseId } : {}),
  };
  const list = useQuery({
    queryKey: queryKeys.caseRecords.alertList(params),
    queryFn: ({ signal }) => fetchAlerts(params, signal),
    placeholderData: keepPreviousData,
  });
  const removal = useRowDelete(
    (alert: CaseAlert) => deleteAlert(alert.id),
    [queryKeys.caseRecords.alerts, queryKeys.caseRecords.dashboard],
  );

  const columns: DataTableColumn<CaseAlert>[] = [
    {
      key: 'due',
      header: 'Due date',
      width: 120,
      // Red when due: at 600 px the State column is left out and this says it.
      render: (a) => (
        <Typography variant="body2" color={a.is_due ? 'error' : 'inherit'} component="span">
          {formatDay(a.due_date)}
        </Typography>
      ),
    },
    { key: 'type', header: 'Alert type', render: (a) => a.alert_type },
    ...(caseId === undefined
      ? [
          {
            key: 'case',
            header: 'Case',
            minWidth: 160,
            render: (a: CaseAlert) => (
              <Link component={RouterLink} to={casePath(a.case_id, 'alerts')}>
                {a.case_title}
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'documents',
      header: 'Documents',
      hideOnMobile: true,
      render: (a) =>
        a.documents.length === 0
          ? '—'
          : a.documents.map((d, index) => (
              <span key={d.id}>
                {index > 0 && ', '}
                <Link component={RouterLink} to={viewerPath(d.id)}>
                  {d.name}
                </Link>
              </span>
            )),
    },
    {
      key: 'comments',
      header: 'Latest comment',
      hideOnMobile: true,
      noWrap: true,
      render: (a) => a.comments.at(-1)?.text ?? '—',
    },
    { key: 'state', header: 'State', hideOnMobile: true, render: (a) => <AlertStateChip alert={a} /> },
    ...(manage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            width: 80,
            render: (a: CaseAlert) => (
              <RowActions
                label={`Actions for ${a.alert_type} alert`}
                actions={[
                  { label: 'Edit', onClick: () => setEditing(a) },
                  { label: 'Comments', onClick: () => setCommenting(a) },
                  { label: 'Delete', onClick: () => removal.setDeleting(a) },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {caseId === undefined && <SearchField label="Search by case or alert type" onSearch={paging.setSearch} />}
        <TextField
          select
          size="small"
          label="Show"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status);
            paging.setPageNo(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {(Object.keys(STATUS_LABELS) as Status[]).map((key) => (
            <MenuItem key={key} value={key}>
              {STATUS_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {manage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New alert
          </Button>
        )}
      </Box>
      <DataTable
        label="Case alerts"
        columns={columns}
        getRowId={(a) => a.id}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <AlertFormDialog
        open={editing !== null}
        alert={editing === 'new' ? null : editing}
        {...(caseId !== undefined ? { caseId } : {})}
        onClose={() => setEditing(null)}
      />
      <AlertCommentsDialog alert={commenting} onClose={() => setCommenting(null)} />
      <RowDeleteDialog rows={removal} item="alert" />
    </Box>
  );
}
