import { reviewMessages as RM, type ReviewSearchRow, type SavedSearchAdvancedInput } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { refusalText } from '../../../api/client.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn, type Paging } from '../../../ui/DataTable.tsx';
import { formatDateShort } from '../../../ui/dates.ts';
import { ListPage } from '../../../ui/ListPage.tsx';
import { RowDeleteDialog, useRowDelete } from '../../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../../ui/SearchField.tsx';
import { AdvancedSearch } from './AdvancedSearch.tsx';
import { deleteSavedSearch, fetchSavedList } from './api.ts';
import { NamesDialog } from './NamesDialog.tsx';
import { savedSearchPath } from './paths.ts';

/** The page number lives in the query (spec 03 §2.4: `?page=`), so Back returns to the same page. */
function useUrlPaging(): Paging {
  const paging = usePaging();
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const setPageNo = (next: number) =>
    setParams((p) => {
      p.set('page', String(next));
      return p;
    });
  return {
    ...paging,
    pageNo,
    setPageNo,
    setLimits: (limits) => {
      paging.setLimits(limits);
      setPageNo(1);
    },
    setSearch: (search) => {
      if (search === paging.search) return;
      paging.setSearch(search);
      setPageNo(1);
    },
  };
}

/** /save-search: every saved search the caller sees (reviews and the cases' word searches), newest first. */
export function SavedSearchesPage() {
  useDocumentTitle('Saved Searches');
  const paging = useUrlPaging();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [advanced, setAdvanced] = useState<SavedSearchAdvancedInput | null>(null);
  const [names, setNames] = useState<{ title: string; items: string[] } | null>(null);
  const params = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search, advanced };
  const list = useQuery({
    queryKey: ['analyser', 'saved-searches', params],
    queryFn: ({ signal }) => fetchSavedList(params, signal),
    placeholderData: keepPreviousData,
  });
  const removal = useRowDelete(
    (row: ReviewSearchRow) => deleteSavedSearch(row.id, row.kind),
    [
      ['analyser', 'saved-searches'],
      ['analyser', 'saved-search-options'],
    ],
    RM.searchDeleted,
  );

  const many = (title: string, items: string[], label: string) =>
    items.length > 1 ? (
      <Tooltip title={`${items.length} ${label}`}>
        <IconButton size="small" aria-label={`${items.length} ${label}`} onClick={() => setNames({ title, items })}>
          <Badge badgeContent={items.length} color="primary">
            <FolderIcon fontSize="small" />
          </Badge>
        </IconButton>
      </Tooltip>
    ) : (
      <Box sx={{ overflowWrap: 'anywhere' }}>{items[0] ?? '—'}</Box>
    );
  const columns: DataTableColumn<ReviewSearchRow>[] = [
    {
      key: 'list',
      header: 'Concept List',
      minWidth: 140,
      render: (row) => (
        <Box sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
          {row.concept_list ?? (row.terms ? `Words: ${row.terms}` : '—')}
        </Box>
      ),
    },
    {
      key: 'case',
      header: 'Case',
      minWidth: 120,
      render: (row) =>
        many(
          'Cases',
          row.case.map((c) => c.title),
          'cases',
        ),
    },
    {
      key: 'documents',
      header: 'Documents',
      minWidth: 140,
      hideOnMobile: true,
      render: (row) =>
        row.kind === 'case_search' && row.documents.length === 0
          ? 'All documents'
          : many(
              'Documents',
              row.documents.map((d) => d.name),
              'documents',
            ),
    },
    {
      key: 'when',
      header: 'Date/Time',
      noWrap: true,
      hideOnMobile: true,
      render: (row) => formatDateShort(row.timestamp),
    },
    {
      key: 'view',
      header: 'View',
      width: 64,
      render: (row) =>
        row.actions.view && (
          <IconButton
            size="small"
            component={RouterLink}
            to={savedSearchPath(row)}
            aria-label={`View ${row.concept_list ?? row.terms ?? 'saved search'}`}
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      width: 64,
      render: (row) =>
        row.actions.delete && (
          <IconButton
            size="small"
            aria-label={`Delete ${row.concept_list ?? row.terms ?? 'saved search'}`}
            onClick={() => removal.setDeleting(row)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ),
    },
  ];

  return (
    <ListPage
      title="Saved Searches"
      intro="Reviews you saved with their figures, and the word searches saved in cases."
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 16rem' }}>
          <SearchField label="Search saved searches" onSearch={paging.setSearch} />
        </Box>
        <Button
          aria-expanded={advancedOpen}
          endIcon={advancedOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setAdvancedOpen((o) => !o)}
        >
          Advance
        </Button>
      </Box>
      {advancedOpen && (
        <AdvancedSearch
          onSearch={(fields) => {
            setAdvanced(fields);
            paging.setPageNo(1);
          }}
          onReset={() => {
            setAdvanced(null);
            paging.setPageNo(1);
          }}
        />
      )}
      <DataTable
        label="Saved searches"
        columns={columns}
        getRowId={(row) => `${row.kind}-${row.id}`}
        {...pagedTableProps(paging, list)}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <NamesDialog names={names} onClose={() => setNames(null)} />
      <RowDeleteDialog rows={removal} item="saved search" />
    </ListPage>
  );
}
