import {
  reviewMessages as RM,
  SAVED_SEARCH_KINDS,
  type SavedSearchDetail,
  type SavedSearchKind,
} from '@lexdesk/contract';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError, refusalText } from '../../../api/client.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { formatDateShort } from '../../../ui/dates.ts';
import { ListPage } from '../../../ui/ListPage.tsx';
import { casePath } from '../../cases/index.ts';
import { ResultsView } from '../review/ResultsView.tsx';
import { RunProgress } from '../review/RunProgress.tsx';
import { useReviewRun } from '../review/useReviewRun.ts';
import { fetchSavedDetail, rerunSavedSearch } from './api.ts';

const kindOf = (value: string | null): SavedSearchKind =>
  (SAVED_SEARCH_KINDS as readonly string[]).includes(value ?? '') ? (value as SavedSearchKind) : 'review';

/** /save-search/view/{id} (spec 03 §2.5): a saved review, its inputs read-only and its figures as saved. */
export function SavedSearchViewPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const fromCase = Number(params.get('case') ?? 0);
  const detail = useQuery({
    queryKey: ['analyser', 'saved-searches', 'detail', id, kind],
    queryFn: ({ signal }) => fetchSavedDetail(id, kind, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  const data = detail.data;
  const single = data?.row.documents.length === 1 && data.row.case.length <= 1 && !data.row.multiple;
  const where = single ? (data.row.documents[0]?.name ?? 'Document Search') : 'Document Search';
  useDocumentTitle(data ? `Saved search: ${data.row.concept_list ?? data.row.terms ?? ''}` : 'Saved search');

  const breadcrumbs = (
    <Breadcrumbs aria-label="Breadcrumb">
      {fromCase > 0 ? (
        <Link component={RouterLink} to={casePath(fromCase, 'saved-searches')}>
          Case History
        </Link>
      ) : (
        <Link component={RouterLink} to="/save-search">
          Saved Searches
        </Link>
      )}
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {where}
      </Typography>
      <Typography color="text.primary">Document Count</Typography>
    </Breadcrumbs>
  );

  if (isApiError(detail.error, 404) || !(Number.isInteger(id) && id > 0)) {
    return (
      <ListPage title="Saved search not found" breadcrumbs={breadcrumbs}>
        <Typography>This saved search does not exist or you cannot open it.</Typography>
      </ListPage>
    );
  }
  return (
    <ListPage title="Document Count" breadcrumbs={breadcrumbs}>
      {detail.isFetching && !data && <LinearProgress aria-label="Loading saved search" />}
      {detail.isError && <Alert severity="error">{refusalText(detail.error)}</Alert>}
      {data && <SavedBody detail={data} />}
    </ListPage>
  );
}

function SavedBody({ detail }: { detail: SavedSearchDetail }) {
  const { row, result, stale } = detail;
  const [horizon, setHorizon] = useState(row.horizon);
  const [rerunHorizon, setRerunHorizon] = useState(row.horizon);
  const rerun = useReviewRun(() => rerunSavedSearch(row.id));
  const openable = new Set(detail.openable_document_ids);
  const headNames =
    detail.inputs && detail.inputs.concept_ids.length > 0 && result
      ? result.heads.filter((h) => detail.inputs?.concept_ids.includes(h.concept_id)).map((h) => h.head)
      : [];
  const field = (label: string, value: string) => (
    <TextField label={label} value={value} size="small" multiline slotProps={{ input: { readOnly: true } }} />
  );
  return (
    <>
      <Paper
        variant="outlined"
        component="section"
        aria-label="Search inputs"
        sx={{
          p: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {field('Concept list', row.concept_list ?? '—')}
        {field('Concept heads', headNames.length ? headNames.join(', ') : 'Every head of the list')}
        {field('Cases', row.case.map((c) => c.title).join(', ') || '—')}
        {field(
          'Documents',
          row.documents.length > 10
            ? `${row.documents.length} documents`
            : row.documents.map((d) => d.name).join(', ') || 'Every document of the cases',
        )}
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          Saved {formatDateShort(row.timestamp)}
          {row.saved_by ? ` by ${row.saved_by}` : ''}
          {detail.inputs ? ` · concept list version ${detail.inputs.concept_list.version}` : ''}
        </Typography>
      </Paper>
      {stale.length > 0 && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<ReplayIcon />}
              onClick={() => rerun.start(undefined)}
              disabled={rerun.busy}
            >
              Run again
            </Button>
          }
        >
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {stale.map((s) => (
              <li key={s.reason}>{s.detail}</li>
            ))}
          </Box>
          The figures below are the saved ones; run the search again to see them as they are now.
        </Alert>
      )}
      <RunProgress review={rerun} />
      {rerun.result && rerun.run && (
        <Box component="section" aria-label="Figures now" sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            Figures now
          </Typography>
          <ResultsView
            key={rerun.run.run_id}
            result={rerun.result}
            horizon={rerunHorizon}
            onHorizonChange={setRerunHorizon}
            exportQuery={{ run_id: rerun.run.run_id }}
            feedback
          />
        </Box>
      )}
      {result ? (
        <Box component="section" aria-label="Saved figures" sx={{ display: 'grid', gap: 1 }}>
          {rerun.result && (
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              Saved figures
            </Typography>
          )}
          <ResultsView
            result={result}
            horizon={horizon}
            onHorizonChange={setHorizon}
            exportQuery={{ saved_search_id: row.id }}
            feedback={false}
            openable={openable}
          />
        </Box>
      ) : (
        <Typography color="text.secondary">{RM.noRecords}</Typography>
      )}
    </>
  );
}
