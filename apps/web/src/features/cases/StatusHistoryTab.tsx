import { CASE_STATUS_LABELS, type CaseStatusChange } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { DataTable, localPage, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateLong } from '../../ui/dates.ts';
import Typography from '@mui/material/Typography';
import { fetchStatusHistory } from './api.ts';
import type { CaseTabProps } from '../../app/webModule.ts';

const columns: DataTableColumn<CaseStatusChange>[] = [
  { key: 'when', header: 'Date', render: (c) => formatDateLong(c.changed_at) },
  { key: 'from', header: 'From', render: (c) => (c.from_status ? CASE_STATUS_LABELS[c.from_status] : '—') },
  { key: 'to', header: 'To', render: (c) => CASE_STATUS_LABELS[c.to_status] },
  { key: 'who', header: 'Changed by', render: (c) => c.changed_by || '—' },
];

/** Every status the case has had, newest first (paged in the browser: a case has few). */
export function StatusHistoryTab({ caseDetail }: CaseTabProps) {
  const paging = usePaging();
  const history = useQuery({
    queryKey: queryKeys.cases.statusHistory(caseDetail.id),
    queryFn: ({ signal }) => fetchStatusHistory(caseDetail.id, signal),
  });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <DataTable
        label="Status history"
        columns={columns}
        getRowId={(c) => c.id}
        {...pagedTableProps(paging, { data: localPage(paging, history.data?.data), isFetching: history.isFetching })}
      />
      {history.isError && <Typography color="error">{refusalText(history.error)}</Typography>}
    </Box>
  );
}
