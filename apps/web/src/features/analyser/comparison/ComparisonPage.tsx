import { can, comparisonMessages as M, type ComparisonResponse } from '@lexdesk/contract';
import CompareIcon from '@mui/icons-material/CompareArrows';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { refusalText } from '../../../api/client.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useRequiredSession } from '../../../app/session/useSession.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { DownloadDialog } from '../../../ui/DownloadDialog.tsx';
import { ListPage } from '../../../ui/ListPage.tsx';
import { useDownload } from '../../../ui/useDownload.ts';
import { fetchListOptions } from '../api.ts';
import { compareDocuments, EXPORT_PATH } from './api.ts';
import { ConceptCountsTable } from './ConceptCountsTable.tsx';
import { DocumentPicker, type PickedDocument } from './DocumentPicker.tsx';
import { RedlineView } from './RedlineView.tsx';

const idOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

type Problems = Partial<Record<'leftCase' | 'leftDocument' | 'rightCase' | 'rightDocument', string>>;

function problemsOf(left: PickedDocument, right: PickedDocument): Problems {
  const problems: Problems = {};
  if (left.caseId === null) problems.leftCase = M.selectCase;
  else if (left.documentId === null) problems.leftDocument = M.selectDocument;
  if (right.caseId === null) problems.rightCase = M.selectCase;
  else if (right.documentId === null) problems.rightDocument = M.selectDocument;
  return problems;
}

/**
 * /queries/document/comparision (issue 13): two documents side by side as a word-level redline, their concept
 * counts, and the redline as a .docx with tracked changes. `?leftCase=&left=` preselects the first document
 * (the case documents tab's "Compare" action), `rightCase`/`right` the second.
 */
export function ComparisonPage() {
  useDocumentTitle('Compare documents');
  const session = useRequiredSession();
  const [params] = useSearchParams();
  const [left, setLeft] = useState<PickedDocument>({
    caseId: idOf(params.get('leftCase')),
    documentId: idOf(params.get('left')),
  });
  const [right, setRight] = useState<PickedDocument>({
    caseId: idOf(params.get('rightCase')),
    documentId: idOf(params.get('right')),
  });
  const [listId, setListId] = useState<number | ''>('');
  const [problems, setProblems] = useState<Problems>({});
  const download = useDownload();
  const lists = useQuery({
    queryKey: queryKeys.analyser.listOptions(null),
    queryFn: () => fetchListOptions(),
    enabled: can(session, 'analyser.concepts.read'),
  });
  const comparison = useMutation({ mutationFn: compareDocuments });
  const result: ComparisonResponse | undefined = comparison.data;
  const casesAllowed = can(session, 'case.documents.read');

  const run = () => {
    const found = problemsOf(left, right);
    setProblems(found);
    if (Object.keys(found).length > 0 || left.documentId === null || right.documentId === null) return;
    comparison.mutate({
      left_document_id: left.documentId,
      right_document_id: right.documentId,
      concept_list_id: listId === '' ? null : listId,
    });
  };
  const pick = (side: 'left' | 'right') => (value: PickedDocument) => {
    (side === 'left' ? setLeft : setRight)(value);
    setProblems({});
  };

  return (
    <ListPage
      title="Compare documents"
      intro="Pick two documents you may open: the first is read as the earlier text, the second as the later one."
      actions={
        result && (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void download.start(EXPORT_PATH, { left: result.left.id, right: result.right.id })}
          >
            Export .docx
          </Button>
        )
      }
    >
      {!casesAllowed ? (
        <Alert severity="info">{M.noCaseAccess}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
            <DocumentPicker
              label="First document"
              hint="The earlier text: what it has and the second lacks shows as deleted."
              value={left}
              onChange={pick('left')}
              otherDocumentId={right.documentId}
              caseError={problems.leftCase}
              documentError={problems.leftDocument}
            />
            <DocumentPicker
              label="Second document"
              hint="The later text: what it adds shows as inserted."
              value={right}
              onChange={pick('right')}
              otherDocumentId={left.documentId}
              caseError={problems.rightCase}
              documentError={problems.rightDocument}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField
              select
              label="Concept list (optional)"
              value={listId}
              onChange={(e) => setListId(e.target.value === '' ? '' : Number(e.target.value))}
              sx={{ minWidth: 260, flex: '1 1 260px', maxWidth: 480 }}
              helperText="Counts each concept's terms and phrases in both documents"
            >
              <MenuItem value="">None</MenuItem>
              {(lists.data?.concept_list ?? []).map((list) => (
                <MenuItem key={list.concept_list_id} value={list.concept_list_id}>
                  {list.concept_list}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              startIcon={<CompareIcon />}
              onClick={run}
              disabled={comparison.isPending}
              sx={{ mt: 1 }}
            >
              {comparison.isPending ? 'Comparing…' : 'Compare'}
            </Button>
          </Box>
        </Paper>
      )}
      {comparison.isError && <Alert severity="error">{refusalText(comparison.error)}</Alert>}
      {result && (
        <Box sx={{ display: 'grid', gap: 2 }} aria-live="polite">
          <Typography data-testid="redline-stats">
            {result.redline.stats.inserted_words.toLocaleString('en-US')} words inserted,{' '}
            {result.redline.stats.deleted_words.toLocaleString('en-US')} deleted,{' '}
            {result.redline.stats.moved_blocks.toLocaleString('en-US')} blocks moved;{' '}
            {result.redline.stats.equal_words.toLocaleString('en-US')} words unchanged.
          </Typography>
          {result.redline.granularity === 'line' && (
            <Alert severity="info">
              These documents differ a lot: some changed passages are shown as whole lines rather than word by word.
            </Alert>
          )}
          <RedlineView left={result.left} right={result.right} segments={result.redline.segments} />
          {result.concepts.concept_list !== null && (
            <ConceptCountsTable left={result.left} right={result.right} concepts={result.concepts} />
          )}
        </Box>
      )}
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </ListPage>
  );
}
