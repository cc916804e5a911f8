import {
  can,
  CASE_SEARCH_MAX,
  INDEXING_STATE_LABELS,
  type DocumentRow,
  type IndexingStateName,
} from '@lexdesk/contract';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { RowActions } from '../../ui/RowActions.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { formatSize } from '../../ui/text.ts';
import { reviewCasePath } from '../analyser/index.ts';
import { DOCUMENT_SEARCH_HINT, viewerPath } from './paths.ts';
import { deleteDocument, fetchDocuments } from './api.ts';
import type { CaseTabProps } from '../../app/webModule.ts';
import { BUILT_PATHS } from '../../app/routes.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { comparisonPath } from '../analyser/index.ts';
import { ToneChip } from './StatusChip.tsx';
import { SaveSearchDialog } from './SaveSearchDialog.tsx';
import { UploadZone } from './UploadZone.tsx';
import { UploadList } from '../../ui/UploadList.tsx';
import { useUploads } from './useUploads.ts';

const STATE_TONES: Record<IndexingStateName, 'grey' | 'info' | 'success' | 'error'> = {
  queued: 'grey',
  indexing: 'info',
  indexed: 'success',
  failed: 'error',
};
const POLL_MS = 2_000;

/** The words-in-documents search box of the case (submitted with Enter or the button). */
function DocumentSearch({ initial, onSearch }: { initial: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search in this case's documents"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        type="search"
        size="small"
        label='Search in documents ("phrase")'
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { maxLength: CASE_SEARCH_MAX } }}
        sx={{ width: { xs: '100%', sm: 360 } }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        Search
      </Button>
    </Box>
  );
}

/** The case's documents: upload many at once, indexing state, view, download, delete. */
export function DocumentsTab({ caseDetail }: CaseTabProps) {
  const caseId = caseDetail.id;
  const paging = usePaging(25);
  const uploads = useUploads(caseId);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The search as typed (case list "Search in documents", this tab's box, a saved search): it keeps the
  // documents holding its words, and the viewer's find dialog opens with the words.
  const terms = (params.get('search') ?? '').trim();
  const search = terms.replace(/"/g, '').trim();
  const download = useDownload();
  const [saving, setSaving] = useState(false);
  const session = useRequiredSession();
  // "Compare" opens the analyser's comparison with this document as the first (issue 13).
  const comparing = can(session, 'analyser.compare.run') && BUILT_PATHS.has('/queries/document/comparision');
  const list = useQuery({
    queryKey: queryKeys.cases.documents(caseId, paging.pageNo, paging.limits, terms),
    queryFn: ({ signal }) => fetchDocuments(caseId, paging.pageNo, paging.limits, terms, signal),
    placeholderData: keepPreviousData,
    // Watch indexing: poll while a document on this page is queued or being indexed.
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.indexing_state === 'queued' || d.indexing_state === 'indexing')
        ? POLL_MS
        : false,
  });
  // The case's document count changes with its documents.
  const removal = useRowDelete(
    (row: DocumentRow) => deleteDocument(row.id),
    [queryKeys.cases.caseDocuments(caseId), queryKeys.cases.detail(caseId)],
  );

  const columns: DataTableColumn<DocumentRow>[] = [
    {
      key: 'name',
      header: 'Name',
      minWidth: 160,
      render: (d) => (
        <Link component={RouterLink} to={viewerPath(d.id, search)} sx={{ wordBreak: 'break-word' }}>
          {d.name}
        </Link>
      ),
    },
    { key: 'type', header: 'Type', hideOnMobile: true, render: (d) => d.extension.toUpperCase() },
    { key: 'size', header: 'Size', hideOnMobile: true, noWrap: true, render: (d) => formatSize(d.size_bytes) },
    {
      key: 'state',
      header: 'Indexing',
      render: (d) => (
        <Tooltip title={d.indexing_error ?? ''}>
          <span>
            <ToneChip
              testId="indexing-state"
              tone={STATE_TONES[d.indexing_state]}
              label={INDEXING_STATE_LABELS[d.indexing_state]}
            />
          </span>
        </Tooltip>
      ),
    },
    { key: 'by', header: 'Uploaded by', hideOnMobile: true, render: (d) => d.uploaded_by || '—' },
    {
      key: 'when',
      header: 'Uploaded',
      hideOnMobile: true,
      noWrap: true,
      render: (d) => formatDateShort(d.created_at),
    },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (d) => (
        <RowActions
          label={`Actions for ${d.name}`}
          actions={[
            { label: 'View', onClick: () => void navigate(viewerPath(d.id, search)) },
            ...(comparing && d.indexing_state === 'indexed'
              ? [{ label: 'Compare', onClick: () => void navigate(comparisonPath(caseId, d.id)) }]
              : []),
            ...(d.actions.download
              ? [{ label: 'Download', onClick: () => void download.start(`document/${d.id}/download/`, {}, d.name) }]
              : []),
            ...(d.actions.delete ? [{ label: 'Delete', onClick: () => removal.setDeleting(d) }] : []),
          ]}
        />
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <DocumentSearch
        key={terms}
        initial={terms}
        onSearch={(value) => {
          setParams(value ? { search: value } : {});
          paging.setPageNo(1);
        }}
      />
      {/* The document analyser's review, preset to this case (spec 01: /case-redirect/queries/{id}). */}
      <Link component={RouterLink} to={reviewCasePath(caseId)} sx={{ justifySelf: 'start' }}>
        Review with a concept list
      </Link>
      {search && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip label={`Find in viewer: ${search}`} onDelete={() => setParams({})} color="primary" variant="outlined" />
          {caseDetail.actions.save_search && (
            <Button variant="outlined" size="small" startIcon={<BookmarkAddIcon />} onClick={() => setSaving(true)}>
              Save search
            </Button>
          )}
        </Box>
      )}
      {saving && <SaveSearchDialog caseId={caseId} terms={terms} onClose={() => setSaving(false)} />}
      {caseDetail.actions.upload && <UploadZone onFiles={uploads.add} />}
      <UploadList items={uploads.items} onClear={uploads.clearFinished} />
      <DataTable
        label="Documents"
        columns={columns}
        getRowId={(d) => d.id}
        {...pagedTableProps(paging, list, { quietRefetch: true })}
        emptyHint={search ? DOCUMENT_SEARCH_HINT : undefined}
      />
      {list.isError && <Typography color="error">{refusalText(list.error)}</Typography>}
      <RowDeleteDialog rows={removal} item="document" />
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </Box>
  );
}
