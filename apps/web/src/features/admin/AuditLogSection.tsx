import type { AuditLogItem } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateLong, formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { fetchAuditLog } from './settingsApi.ts';
import { describeChanges } from '../../ui/changes.ts';
import { EmailAddress } from '../../ui/EmailAddress.tsx';

/** Every change in the installation (audit_events of every organisation), newest first, searchable. */
export function AuditLogSection() {
  const paging = usePaging();
  const log = useQuery({
    queryKey: queryKeys.auditLog(paging.pageNo, paging.limits, paging.search),
    queryFn: ({ signal }) => fetchAuditLog(paging.pageNo, paging.limits, paging.search, signal),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<AuditLogItem>[] = [
    {
      key: 'when',
      header: 'When',
      width: 150,
      render: (item) => (
        <time dateTime={item.created_at} title={formatDateLong(item.created_at)} style={{ whiteSpace: 'nowrap' }}>
          {formatDateShort(item.created_at)}
        </time>
      ),
    },
    {
      key: 'who',
      header: 'Who',
      minWidth: 140,
      render: (item) =>
        item.actor_email ? (
          <>
            {item.actor_name && <Box>{item.actor_name}</Box>}
            <EmailAddress address={item.actor_email} />
          </>
        ) : (
          'System'
        ),
    },
    {
      key: 'organisation',
      header: 'Organisation',
      hideOnMobile: true,
      render: (item) => item.organisation ?? `#${item.organisation_id}`,
    },
    {
      key: 'what',
      header: 'What',
      minWidth: 170,
      render: (item) => <Box sx={{ overflowWrap: 'break-word' }}>{item.description}</Box>,
    },
    {
      key: 'changes',
      header: 'Changes',
      minWidth: 160,
      hideOnMobile: true,
      render: (item) => (
        // Words (addresses included) break only when one alone is wider than the column.
        <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
          {describeChanges(item.changes).join('; ')}
        </Typography>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="audit-title">
      <Typography variant="h2" id="audit-title">
        Audit log
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Changes to organisations, their users and this installation's settings: who, when, what. A firm's cases,
        documents and templates stay in the firm's own history.
      </Typography>
      <Box sx={{ mb: 2 }}>
        <SearchField label="Search by person, organisation, entity or action" onSearch={paging.setSearch} />
      </Box>
      <DataTable label="Audit log" columns={columns} getRowId={(item) => item.id} {...pagedTableProps(paging, log)} />
    </Paper>
  );
}
