import { DEFAULT_HORIZON_WORDS, reviewMessages as RM, type ReviewBodyInput } from '@lexdesk/contract';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { refusalText } from '../../../api/client.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { fetchCase } from '../../cases/index.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { ListPage } from '../../../ui/ListPage.tsx';
import { saveReview, startReview } from './api.ts';
import { RunProgress } from './RunProgress.tsx';
import { useReviewRun } from './useReviewRun.ts';
import { emptySelection, ReviewForm, type ReviewSelection } from './ReviewForm.tsx';
import { ResultsView } from './ResultsView.tsx';

/** The body of a run, or the first thing missing ('Please select a concept list', …). */
function bodyOf(s: ReviewSelection): ReviewBodyInput | string {
  if (!s.list) return RM.selectConceptList;
  const ids = (s.scope === 'cases' ? s.cases : s.documents).map((x) => x.id);
  if (ids.length === 0) return RM.selectDocuments;
  return {
    concept_list_id: s.list.id,
    ...(s.heads.length > 0 ? { concept_ids: s.heads.map((h) => h.id) } : {}),
    ...(s.scope === 'cases' ? { case_ids: ids } : { document_ids: ids }),
  };
}

/**
 * Review (/queries, /case-redirect/queries/{id}): a concept list over cases or documents, counted on the server
 * off the request thread; a big run shows its progress and can be cancelled.
 */
export function ReviewPage() {
  useDocumentTitle('Review');
  const { enqueueSnackbar } = useSnackbar();
  const presetCase = Number(useParams().case_id ?? 0);
  const [selection, setSelection] = useState<ReviewSelection>(emptySelection);
  const [horizon, setHorizon] = useState<number>(DEFAULT_HORIZON_WORDS);
  const [savedId, setSavedId] = useState<number | null>(null);

  // /case-redirect/queries/{id}: the case chosen once the case dropdown knows its name.
  // Read by id: the case may be beyond the dropdown's first 100.
  const presetQuery = useQuery({
    queryKey: queryKeys.cases.detail(presetCase),
    queryFn: ({ signal }) => fetchCase(presetCase, signal),
    enabled: presetCase > 0,
  });
  const preset = presetQuery.data && { id: presetQuery.data.id, name: presetQuery.data.title };
  const presetApplied = useRef(false);
  useEffect(() => {
    if (!preset || presetApplied.current) return;
    presetApplied.current = true;
    setSelection((s) => ({ ...s, scope: 'cases', cases: [preset] }));
  }, [preset]);

  const review = useReviewRun(startReview);
  const run = review.run;
  const save = useMutation({
    mutationFn: () => saveReview(run?.run_id ?? '', horizon),
    onSuccess: (answer) => {
      setSavedId(answer.id);
      enqueueSnackbar(RM.searchSaved, { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const submit = () => {
    const body = bodyOf(selection);
    if (typeof body === 'string') enqueueSnackbar(body, { variant: 'error' });
    else {
      setSavedId(null);
      review.start(body);
    }
  };

  const result = review.result;

  return (
    <ListPage
      title="Review"
      intro="Count the terms of a concept list in cases or single documents, and read each hit in context."
    >
      <Paper
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      >
        <ReviewForm value={selection} onChange={setSelection} disabled={review.busy} />
        <Box>
          <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={submit} disabled={review.busy}>
            Run review
          </Button>
        </Box>
        <RunProgress review={review} />
      </Paper>
      {result && run && (
        <ResultsView
          key={run.run_id}
          result={result}
          horizon={horizon}
          onHorizonChange={setHorizon}
          exportQuery={{ run_id: run.run_id }}
          feedback
          actions={
            savedId ? (
              <Link component={RouterLink} to={`/save-search/view/${savedId}`} sx={{ mr: 1 }}>
                Open the saved search
              </Link>
            ) : (
              <Button startIcon={<BookmarkAddIcon />} onClick={() => save.mutate()} disabled={save.isPending}>
                Save search
              </Button>
            )
          }
        />
      )}
    </ListPage>
  );
}
