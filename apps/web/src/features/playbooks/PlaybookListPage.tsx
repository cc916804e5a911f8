import { playbookMessages as M, type PlaybookListItem } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { AdvancedSearch } from './AdvancedSearch.tsx';
import { advanceSearch, deletePlaybook, fetchPlaybooks } from './api.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { idOf, PLAYBOOK_CREATE_PATH, playbookEditPath, playbookViewPath } from './paths.ts';
import { playbookRowActions } from './rowActions.ts';
import { advancedBody, isEmptyAdvanced, type AdvancedFields } from './search.ts';
import { TermSearchPanel } from './TermSearchPanel.tsx';
import { useCopyPlaybookLink } from './useCopyPlaybookLink.ts';

/**
 * /my-playbook (query id, playbookName): the playbooks the caller sees, with search, an advanced search and the
 * term search; with `id` it opens that playbook's view (spec 01 §2).
 */
export function PlaybookListPage() {
  const [query] = useSearchParams();
  const openId = idOf(query.get('id'));
  if (openId) return <Navigate to={playbookViewPath(openId)} replace />;
  return <PlaybookList />;
}

function PlaybookList() {
  useDocumentTitle('My Playbook');
  const session = useRequiredSession();
  const staff = session.role === 'super' || session.role === 'admin';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const copyLink = useCopyPlaybookLink();
  const paging = usePaging();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [advanced, setAdvanced] = useState<AdvancedFields | null>(null);
  const [importing, setImporting] = useState(false);
  const plain = { pageNo: paging.pageNo, limits: paging.limits, search: paging.search };
  const body = advanced ? advancedBody(advanced, paging.pageNo, paging.limits) : null;
  const list = useQuery({
    queryKey: queryKeys.playbooks.list(body ? { advanced: body } : plain),
    queryFn: ({ signal }) => (body ? advanceSearch(body, signal) : fetchPlaybooks(plain, signal)),
    placeholderData: keepPreviousData,
  });
  const rows = useRowDelete((row: PlaybookListItem) => deletePlaybook(row.id), [queryKeys.playbooks.all], M.deleted);

  const columns: DataTableColumn<PlaybookListItem>[] = [
    {
      key: 'name',
      header: 'Playbook',
      minWidth: 160,
      render: (row) => (
        <Link
          component={RouterLink}
          to={playbookViewPath(row.id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          onClick={(event) => event.stopPropagation()}
        >
          {row.name}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', hideOnMobile: true, render: (row) => row.playbook_type },
    {
      key: 'categories',
      header: 'Categories',
      hideOnMobile: true,
      noWrap: true,
      render: (row) => row.categories.join(', ') || '—',
    },
    { key: 'entries', header: 'Entries', hideOnMobile: true, render: (row) => row.entry_count },
    {
      key: 'version',
      header: 'Version',
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            variant="outlined"
            color={row.current_version ? 'success' : 'default'}
            label={row.current_version ? `Version ${row.current_version}` : 'Draft'}
          />
          {!row.is_own && <Chip size="small" variant="outlined" label="Shared" />}
        </Box>
      ),
    },
    { key: 'updated', header: 'Updated', hideOnMobile: true, render: (row) => formatDateShort(row.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (row) => (
        <RowActions
          label={`Actions for ${row.name}`}
          actions={playbookRowActions(session.role, row.is_own).map((action) =>
            action === 'edit'
              ? { label: 'Edit', onClick: () => void navigate(playbookEditPath(row.id)) }
              : action === 'delete'
                ? { label: 'Delete', onClick: () => rows.setDeleting(row) }
                : { label: 'Copy link', onClick: () => void copyLink(row.id) },
          )}
        />
      ),
    },
  ];

  return (
    <ListPage
      title="My Playbook"
      intro="Your firm's negotiating positions, one playbook per kind of contract."
      actions={
        <>
          <Button
            startIcon={<TuneIcon />}
            onClick={() => {
              // Closing the advanced search goes back to the plain list.
              if (advancedOpen) setAdvanced(null);
              setAdvancedOpen(!advancedOpen);
            }}
            aria-expanded={advancedOpen}
          >
            Advanced search
          </Button>
          {staff && (
            <>
              <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                Import
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={PLAYBOOK_CREATE_PATH}>
                New Playbook
              </Button>
            </>
          )}
        </>
      }
    >
      {advancedOpen ? (
        <AdvancedSearch
          onSearch={(fields) => {
            setAdvanced(isEmptyAdvanced(fields) ? null : fields);
            paging.setPageNo(1);
          }}
          onReset={() => {
            setAdvanced(null);
            paging.setPageNo(1);
          }}
        />
      ) : (
        <SearchField label="Search playbooks" onSearch={paging.setSearch} />
      )}
      <DataTable
        label="Playbooks"
        columns={columns}
        getRowId={(row) => row.id}
        onRowClick={(row) => void navigate(playbookViewPath(row.id))}
        {...pagedTableProps(paging, list)}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <TermSearchPanel />
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={(saved) => {
            enqueueSnackbar(saved.detail || M.imported, { variant: 'success' });
            // The package's concept heads this organisation does not have are left out: say which.
            if (saved.dropped_concept_heads.length > 0) {
              enqueueSnackbar(M.droppedConceptHeads(saved.dropped_concept_heads), { variant: 'warning' });
            }
            setImporting(false);
            void queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.all });
            void navigate(playbookViewPath(saved.id));
          }}
        />
      )}
      <RowDeleteDialog rows={rows} item="Playbook" />
    </ListPage>
  );
}
