import type { SavedSearchRow } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { caseSearchPath } from './paths.ts';
import { deleteSavedSearch, fetchSavedSearches } from './api.ts';
import type { CaseTabProps } from '../../app/webModule.ts';

/** The case's saved searches: run one (the Documents tab searched again), delete (saver, admin, super). */
export function SavedSearchesTab({ caseDetail }: CaseTabProps) {
  const caseId = caseDetail.id;
  const paging = usePaging();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: queryKeys.cases.savedSearches(caseId, paging.pageNo, paging.limits),
    queryFn: ({ signal }) => fetchSavedSearches(caseId, paging.pageNo, paging.limits, signal),
    placeholderData: keepPreviousData,
  });
  const removal = useRowDelete(
    (row: SavedSearchRow) => deleteSavedSearch(row.id),
    [queryKeys.cases.caseSavedSearches(caseId)],
  );

  const columns: DataTableColumn<SavedSearchRow>[] = [
    {
      key: 'name',
      header: 'Name',
      minWidth: 160,
      render: (s) => (
        <Link component={RouterLink} to={caseSearchPath(caseId, s.terms)} sx={{ wordBreak: 'break-word' }}>
          {s.name}
        </Link>
      ),
    },
    { key: 'terms', header: 'Words', render: (s) => s.terms },
    { key: 'by', header: 'Saved by', hideOnMobile: true, render: (s) => s.saved_by || '—' },
    { key: 'when', header: 'Saved', hideOnMobile: true, render: (s) => formatDateShort(s.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (s) => (
        <RowActions
          label={`Actions for ${s.name}`}
          actions={[
            ...(s.actions.run ? [{ label: 'Run', onClick: () => void navigate(caseSearchPath(caseId, s.terms)) }] : []),
            ...(s.actions.delete ? [{ label: 'Delete', onClick: () => removal.setDeleting(s) }] : []),
          ]}
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Search the documents on the Documents tab, then choose Save search to keep the words here.
      </Typography>
      <DataTable
        label="Saved searches"
        columns={columns}
        getRowId={(s) => s.id}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <RowDeleteDialog rows={removal} item="saved search" />
    </Box>
  );
}
