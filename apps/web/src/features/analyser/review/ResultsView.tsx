import { REVIEW_LIMITS, reviewMessages as RM, type ReviewResult } from '@lexdesk/contract';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PartiesIcon from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { DataTable, localPage, pagedTableProps, usePaging, type DataTableColumn } from '../../../ui/DataTable.tsx';
import { DownloadDialog } from '../../../ui/DownloadDialog.tsx';
import { useDownload } from '../../../ui/useDownload.ts';
import { DefinitionDialog } from '../DefinitionDialog.tsx';
import { EXPORT_PATH } from './api.ts';
import { ContextDialog, type ContextTarget } from './ContextDialog.tsx';
import { HeadAmendmentsDialog } from './HeadAmendmentsDialog.tsx';
import { PartiesDialog } from './PartiesDialog.tsx';
import { documentConceptRows, termRows, type DocumentConceptRow, type TermRow } from './resultRows.ts';
import { ViewTermDialog } from './ViewTermDialog.tsx';

type Head = { concept_id: number; head: string; definition: string };

interface ResultsViewProps {
  result: ReviewResult;
  horizon: number;
  onHorizonChange: (horizon: number) => void;
  /** What the export names: the run, or the saved search. */
  exportQuery: { run_id: string } | { saved_search_id: number };
  /** Like and dislike in the context table (the live review). */
  feedback: boolean;
  /** Documents that can still be opened; all when absent. */
  openable?: ReadonlySet<number>;
  /** Buttons beside Export (Save search). */
  actions?: ReactNode;
}

/**
 * The figures of a review (spec 03 §2.5): one document as concept / term / count, several as case, client,
 * parties, document, concept, count; a count opens Keyword in Context.
 */
export function ResultsView({
  result,
  horizon,
  onHorizonChange,
  exportQuery,
  feedback,
  openable,
  actions,
}: ResultsViewProps) {
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownload();
  const paging = usePaging();
  const [describing, setDescribing] = useState<Head | null>(null);
  const [amending, setAmending] = useState<Head | null>(null);
  const [parties, setParties] = useState<number | null>(null);
  const [viewing, setViewing] = useState<DocumentConceptRow | null>(null);
  const [context, setContext] = useState<ContextTarget | null>(null);
  const canOpen = (docId: number) => !openable || openable.has(docId);
  const openContext = (row: { doc: TermRow['doc']; head: Head }, term?: string) =>
    setContext({
      conceptId: row.head.concept_id,
      head: row.head.head,
      documentId: row.doc.doc_id,
      documentName: row.doc.document,
      caseTaskId: row.doc.casetask_id,
      ...(term ? { term } : {}),
      openable: canOpen(row.doc.doc_id),
    });
  const exportResults = (format: 'xlsx' | 'csv') => {
    if (result.results.length > REVIEW_LIMITS.downloadNoticeAbove)
      enqueueSnackbar(RM.downloadSoon, { variant: 'info' });
    void download.start(EXPORT_PATH, { ...exportQuery, multiple: String(result.multiple), format });
  };

  const conceptCell = (row: { head: Head }) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {row.head.head}
      </Typography>
      <Tooltip title="Concept description">
        <IconButton size="small" aria-label={`Description of ${row.head.head}`} onClick={() => setDescribing(row.head)}>
          <DescriptionIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Amendments">
        <IconButton size="small" aria-label={`Amendments of ${row.head.head}`} onClick={() => setAmending(row.head)}>
          <EditNoteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
  const hitsOf = (count: number) => `${count} ${count === 1 ? 'hit' : 'hits'}`;
  const countLink = (count: number, label: string, open: () => void) => (
    <Link component="button" type="button" onClick={open} aria-label={label} sx={{ fontWeight: 600 }}>
      {count}
    </Link>
  );

  const single = !result.multiple;
  const singleColumns: DataTableColumn<TermRow>[] = [
    { key: 'concept', header: 'Concept', minWidth: 200, render: conceptCell },
    { key: 'term', header: 'Term', render: (row) => <Box sx={{ overflowWrap: 'anywhere' }}>{row.term}</Box> },
    {
      key: 'count',
      header: 'Count',
      width: 90,
      render: (row) => countLink(row.count, `${hitsOf(row.count)} of ${row.term}`, () => openContext(row, row.term)),
    },
  ];
  const multipleColumns: DataTableColumn<DocumentConceptRow>[] = [
    // On a phone the case name and client give way, so the document, concept and count keep the width.
    { key: 'case', header: 'Case name', minWidth: 120, hideOnMobile: true, render: (row) => row.doc.case_name },
    { key: 'client', header: 'Client', hideOnMobile: true, render: (row) => row.doc.client || '—' },
    {
      key: 'parties',
      header: 'Parties',
      width: 80,
      render: (row) => (
        <IconButton
          size="small"
          aria-label={`Parties of ${row.doc.document}: ${row.doc.parties_count}`}
          onClick={() => setParties(row.doc.casetask_id)}
        >
          <Badge badgeContent={row.doc.parties_count} color="primary" showZero>
            <PartiesIcon fontSize="small" />
          </Badge>
        </IconButton>
      ),
    },
    {
      key: 'document',
      header: 'Document',
      minWidth: 160,
      render: (row) => <Box sx={{ overflowWrap: 'anywhere' }}>{row.doc.document}</Box>,
    },
    {
      key: 'concept',
      header: 'Concept',
      minWidth: 160,
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Link
            component="button"
            type="button"
            onClick={() => setViewing(row)}
            sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
          >
            {row.head.head}
          </Link>
          <Tooltip title="Concept description">
            <IconButton
              size="small"
              aria-label={`Description of ${row.head.head}`}
              onClick={() => setDescribing(row.head)}
            >
              <DescriptionIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
    {
      key: 'count',
      header: 'Count',
      width: 80,
      render: (row) =>
        countLink(row.concept.count, `${hitsOf(row.concept.count)} of ${row.head.head} in ${row.doc.document}`, () =>
          openContext(row),
        ),
    },
  ];
  const singleRows = single ? termRows(result) : [];
  const multipleRows = single ? [] : documentConceptRows(result);
  const documentCount = result.results.length;
  const hits = result.totals.reduce((sum, t) => sum + t.count, 0);
  const unread = result.results.filter((d) => !d.indexed).length;

  return (
    <Box
      component="section"
      aria-label="Results"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 14rem' }} data-testid="review-summary">
          {single
            ? `${result.results[0]?.document ?? ''}: ${hits} hits of ${result.heads.length} concepts`
            : `${documentCount} documents, ${hits} hits of ${result.heads.length} concepts`}
        </Typography>
        {actions}
        <Button startIcon={<FileDownloadIcon />} onClick={() => exportResults('xlsx')}>
          Export .xlsx
        </Button>
        <Button startIcon={<FileDownloadIcon />} onClick={() => exportResults('csv')}>
          Export .csv
        </Button>
      </Box>
      {unread > 0 && (
        <Alert severity="info">
          {unread === 1 ? 'One document was' : `${unread} documents were`} still being read and counted 0. Run the
          review again in a minute to count {unread === 1 ? 'it' : 'them'}.
        </Alert>
      )}
      {single ? (
        <DataTable
          label="Concept counts"
          columns={singleColumns}
          getRowId={(row) => row.key}
          {...pagedTableProps(paging, { data: localPage(paging, singleRows), isFetching: false })}
        />
      ) : (
        <DataTable
          label="Document concept counts"
          columns={multipleColumns}
          getRowId={(row) => row.key}
          {...pagedTableProps(paging, { data: localPage(paging, multipleRows), isFetching: false })}
        />
      )}
      <DefinitionDialog head={describing} onClose={() => setDescribing(null)} />
      <HeadAmendmentsDialog head={amending} onClose={() => setAmending(null)} />
      <PartiesDialog caseTaskId={parties} onClose={() => setParties(null)} />
      <ViewTermDialog
        row={viewing}
        onClose={() => setViewing(null)}
        onCount={(row, term) => {
          setViewing(null);
          openContext(row, term);
        }}
      />
      <ContextDialog
        target={context}
        horizon={horizon}
        onHorizonChange={onHorizonChange}
        feedback={feedback}
        onClose={() => setContext(null)}
      />
      <DownloadDialog
        open={download.progress !== null}
        title="Exporting"
        progress={download.progress ?? 0}
        onDone={download.done}
      />
    </Box>
  );
}
