import { CASE_SORT_FIELDS, type CaseDetail, type CaseRow, type CaseSortField } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { useMobile } from '../../ui/useMobile.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { casePath, caseSearchPath, DOCUMENT_SEARCH_HINT, viewerPath } from './paths.ts';
import { deleteCase, fetchCase, fetchCases } from './api.ts';
import { CaseFormDialog } from './CaseFormDialog.tsx';
import { CaseStatusChip } from './StatusChip.tsx';
import { useCopyCaseLink } from './useCopyCaseLink.ts';

/** Under a case found by a search in documents: the documents that matched, each opening the viewer. */
function MatchedDocuments({ row, search }: { row: CaseRow; search: string }) {
  const documents = row.matched_documents ?? [];
  const more = (row.matched_documents_count ?? documents.length) - documents.length;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      Found in:{' '}
      {documents.map((d, index) => (
        <span key={d.id}>
          {index > 0 && ', '}
          <Link component={RouterLink} to={viewerPath(d.id, search)} onClick={(e) => e.stopPropagation()}>
            {d.name}
          </Link>
        </span>
      ))}
      {more > 0 && ` and ${more} more`}
    </Typography>
  );
}

const SORT_LABELS: Record<CaseSortField, string> = {
  title: 'Title',
  client: 'Client',
  parties: 'Parties',
  status: 'Status',
  documents: 'Documents',
  updated: 'Updated',
};

/** /case: the organisation's cases, searchable by their fields and by the words of their documents. */
export function CaseListPage() {
  useDocumentTitle('Cases');
  const paging = usePaging();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const copyLink = useCopyCaseLink();
  const mobile = useMobile();
  const [text, setText] = useState('');
  const [sortBy, setSortBy] = useState<CaseSortField>('updated');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [editing, setEditing] = useState<CaseDetail | 'new' | null>(null);
  const params = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search, text, sortBy, sortOrder };
  const list = useQuery({
    queryKey: queryKeys.cases.list(params),
    queryFn: ({ signal }) => fetchCases(params, signal),
    placeholderData: keepPreviousData,
  });
  const removal = useRowDelete((row: CaseRow) => deleteCase(row.id), [queryKeys.cases.all]);
  // With a document search, a case opens on its documents and the viewer's find dialog gets the words.
  const caseLink = (id: number) => (text ? caseSearchPath(id, text) : casePath(id));
  const edit = async (row: CaseRow) => {
    try {
      setEditing(
        await queryClient.fetchQuery({ queryKey: queryKeys.cases.detail(row.id), queryFn: () => fetchCase(row.id) }),
      );
    } catch (error) {
      enqueueSnackbar(refusalText(error), { variant: 'error' });
    }
  };

  const columns: DataTableColumn<CaseRow>[] = [
    {
      key: 'title',
      header: 'Title',
      // From 1200 px the layout is fixed: the title takes what the other columns' declared widths leave, so a
      // long client or long parties are cut (whole on hover) instead of squeezing it (on a phone it is alone).
      width: mobile ? '100%' : undefined,
      minWidth: mobile ? undefined : 220,
      render: (c) => (
        <>
          <Link
            component={RouterLink}
            to={caseLink(c.id)}
            sx={{ fontWeight: 600 }}
            onClick={(e) => e.stopPropagation()}
          >
            {c.title}
          </Link>
          {c.matched_documents && <MatchedDocuments row={c} search={text.replace(/"/g, '').trim()} />}
        </>
      ),
    },
    { key: 'client', header: 'Client', width: '14%', hideOnMobile: true, noWrap: true, render: (c) => c.client || '—' },
    {
      key: 'parties',
      header: 'Parties',
      width: '14%',
      hideOnMobile: true,
      render: (c) =>
        c.parties.length === 0 ? (
          '—'
        ) : (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {c.parties.slice(0, 2).map((p) => (
              // A long party name is cut (whole on hover), so the chips leave the title its room.
              <Chip key={p} size="small" label={p} title={p} sx={{ maxWidth: '100%' }} />
            ))}
            {c.parties.length > 2 && (
              <Tooltip title={c.parties.slice(2).join(', ')}>
                <Chip size="small" variant="outlined" label={`+${c.parties.length - 2}`} />
              </Tooltip>
            )}
          </Box>
        ),
    },
    { key: 'status', header: 'Status', width: 124, render: (c) => <CaseStatusChip status={c.status} /> },
    { key: 'documents', header: 'Documents', width: 108, hideOnMobile: true, render: (c) => c.documents_count },
    { key: 'updated', header: 'Updated', width: 108, hideOnMobile: true, render: (c) => formatDateShort(c.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (c) => (
        <RowActions
          label={`Actions for ${c.title}`}
          actions={[
            ...(c.actions.edit ? [{ label: 'Edit', onClick: () => void edit(c) }] : []),
            ...(c.actions.copy_link ? [{ label: 'Copy link', onClick: () => void copyLink(c.id) }] : []),
            ...(c.actions.delete ? [{ label: 'Delete', onClick: () => removal.setDeleting(c) }] : []),
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="Cases"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Create case
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField label="Search by title, client or party" onSearch={paging.setSearch} />
        <SearchField
          label='Search in documents ("phrase")'
          onSearch={(value) => {
            setText(value);
            paging.setPageNo(1);
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <TextField
            select
            size="small"
            label="Sort by"
            value={sortBy}
            onChange={(e) => {
              setSortBy(e.target.value as CaseSortField);
              paging.setPageNo(1);
            }}
            sx={{ minWidth: 140 }}
          >
            {CASE_SORT_FIELDS.map((field) => (
              <MenuItem key={field} value={field}>
                {SORT_LABELS[field]}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={sortOrder === 'asc' ? 'Ascending' : 'Descending'}>
            <IconButton
              aria-label={
                sortOrder === 'asc' ? 'Sort ascending (change to descending)' : 'Sort descending (change to ascending)'
              }
              onClick={() => setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc')}
            >
              {sortOrder === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <DataTable
        label="Cases"
        columns={columns}
        getRowId={(c) => c.id}
        {...pagedTableProps(paging, list)}
        onRowClick={(c) => void navigate(caseLink(c.id))}
        emptyHint={text ? DOCUMENT_SEARCH_HINT : undefined}
        fixedLayout
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      {editing !== null && (
        <CaseFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          existing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new') void navigate(casePath(saved.id));
          }}
        />
      )}
      <RowDeleteDialog rows={removal} item="case" typed />
    </ListPage>
  );
}
