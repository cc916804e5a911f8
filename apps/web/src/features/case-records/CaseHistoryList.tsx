import type { CaseHistoryEvent } from '@lexdesk/contract';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateLong, formatDateShort } from '../../ui/dates.ts';
import { fetchCaseHistory } from './api.ts';

const columns: DataTableColumn<CaseHistoryEvent>[] = [
  {
    key: 'when',
    header: 'When',
    width: 160,
    render: (e) => (
      <time dateTime={e.created_at} title={formatDateLong(e.created_at)} style={{ whiteSpace: 'nowrap' }}>
        {formatDateShort(e.created_at)}
      </time>
    ),
  },
  // The sentence names who acted ("Ada Admin added the document 'Lease.pdf'").
  { key: 'what', header: 'What', minWidth: 220, render: (e) => e.description },
];

/** The audit history of one case, newest first. */
export function CaseHistoryList({ caseId }: { caseId: number }) {
  const paging = usePaging(25);
  const history = useQuery({
    queryKey: queryKeys.caseRecords.history(caseId, paging.pageNo, paging.limits),
    queryFn: ({ signal }) => fetchCaseHistory(caseId, paging.pageNo, paging.limits, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <DataTable
        label="Case history"
        columns={columns}
        getRowId={(e) => e.id}
        {...pagedTableProps(paging, history, { quietRefetch: true })}
      />
      {history.isError && <Typography color="error">{refusalText(history.error)}</Typography>}
    </>
  );
}
