import {
  QUESTIONS_PER_PAGE,
  templateMessages as M,
  type Answer,
  type QuestionView,
  type TemplateCategory,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { isApiError, refusalText } from '../../api/client.ts';
import { downloadFile } from '../../api/downloadFile.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { DiscardChangesDialog } from '../../ui/DiscardChangesDialog.tsx';
import { documentPdfPath, executeTemplate, fetchExecution, fetchExecutionQuery } from './api.ts';
import { answeredList, pagesOf, withAnswer, type Answers } from './execute/answers.ts';
import { CategoryList } from './execute/CategoryList.tsx';
import { InfoDialog } from './execute/InfoDialog.tsx';
import { QuestionItem } from './execute/QuestionItem.tsx';
import { RestoredDraftNotice } from './execute/RestoredDraftNotice.tsx';
import { SaveDocumentDialog } from './execute/SaveDocumentDialog.tsx';
import { SubmitDialog } from './execute/SubmitDialog.tsx';
import { useExecutionDraft } from './execute/useExecutionDraft.ts';
import { ViewerDialog } from './execute/ViewerDialog.tsx';
import { saveBlob } from '../../ui/csv.ts';
import { useDocumentDownload } from './useDocumentDownload.tsx';

interface Loaded {
  templateId: number;
  name: string;
  category: TemplateCategory[];
  result: QuestionView[];
  answers: Answer[];
  /** The round of answers the drafts belong to, and when the restored draft was saved (null: none). */
  draftRound: number;
  restoredAt: string | null;
  /** Set in the history preview: the recorded document. */
  recorded: { file_path: string; document_name: string } | null;
}

/**
 * /document-template/user-execute/{id}: answer the template's questions page by page (5 a page), answers
 * saved as a draft as the user goes; Submit generates the document. With {executionId}/{templateId} the same
 * screen previews a recorded execution read-only.
 */
export function ExecutePage() {
  const params = useParams();
  const preview = params.executionId !== undefined;
  const templateId = Number(preview ? params.templateId : params.id);
  const executionId = Number(params.executionId);
  const loaded = useQuery({
    queryKey: preview ? queryKeys.templates.execution(executionId) : queryKeys.templates.query(templateId),
    queryFn: async (): Promise<Loaded> => {
      if (preview) {
        const e = await fetchExecution(executionId);
        return {
          templateId: e.template_id,
          name: e.template_name,
          category: e.category,
          result: e.result,
          answers: e.data,
          draftRound: 0,
          restoredAt: null,
          recorded: e,
        };
      }
      const q = await fetchExecutionQuery(templateId);
      return {
        templateId: q.id,
        name: q.name,
        category: q.category,
        result: q.result,
        answers: q.draft?.data ?? [],
        draftRound: q.draft_round,
        restoredAt: q.draft?.updated_at ?? null,
        recorded: null,
      };
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  useDocumentTitle(loaded.data?.name ?? 'Template');
  if (loaded.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (!loaded.data) return <Typography color="error">{refusalText(loaded.error)}</Typography>;
  return <ExecuteScreen loaded={loaded.data} readOnly={preview} />;
}

const EXECUTE_FAILED_PREFIX = `${M.executeFailed}: `;

/**
 * The banner of a refused execution: the spec's message, then (on its own line) the place the server names
 * when the template's syntax cannot be filled, so the user can tell the template's author what to change.
 */
function executeFailureText(error: unknown): string {
  if (!isApiError(error, 400)) return M.executeFailed;
  if (error.detail === M.answerOne) return M.answerOne;
  if (error.detail.startsWith(EXECUTE_FAILED_PREFIX)) {
    const place = error.detail.slice(EXECUTE_FAILED_PREFIX.length).trim();
    return place ? `${M.executeFailed}\n${place}` : M.executeFailed;
  }
  return M.executeFailed;
}

function ExecuteScreen({ loaded, readOnly }: { loaded: Loaded; readOnly: boolean }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const exportBanner = useErrorBanner();
  const download = useDocumentDownload();
  const [answers, setAnswers] = useState<Answers>(() => new Map(loaded.answers.map((a) => [a.question_id, a])));
  const [pageIndex, setPageIndex] = useState(0);
  const [info, setInfo] = useState<{ title: string; html: string } | null>(null);
  const [result, setResult] = useState<{ file_path: string; document_name: string } | null>(loaded.recorded);
  const [dialog, setDialog] = useState<'submit' | 'view' | 'save' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { pages, firstPageOf } = useMemo(() => pagesOf(loaded.result, QUESTIONS_PER_PAGE), [loaded.result]);
  const page = pages[pageIndex] ?? [];
  const last = pageIndex >= pages.length - 1;
  const answered = useMemo(() => answeredList(loaded.result, answers), [loaded.result, answers]);
  const draft = useExecutionDraft({
    templateId: loaded.templateId,
    data: answered,
    readOnly,
    round: loaded.draftRound,
    restoredAt: loaded.restoredAt,
  });

  const onAnswer = (question: QuestionView, answer: Answer) => {
    if (readOnly) return;
    draft.changed();
    setAnswers((current) => withAnswer(current, question, answer));
  };
  const startAgain = async () => {
    try {
      await draft.discard();
      setAnswers(new Map());
      setPageIndex(0);
    } catch (error) {
      banner.show(refusalText(error));
    }
  };
  const leave = () => void navigate('/document-template');
  const cancel = () => (readOnly || answered.length === 0 ? leave() : setConfirmCancel(true));

  const submit = async () => {
    if (readOnly) return setDialog('submit');
    if (answered.length === 0) return banner.show(M.answerOne);
    setSubmitting(true);
    draft.beforeSubmit();
    try {
      const executed = await executeTemplate(loaded.templateId, answered);
      draft.submitted(executed.draft_round);
      setResult(executed);
      setDialog('submit');
    } catch (error) {
      banner.show(executeFailureText(error));
    } finally {
      setSubmitting(false);
    }
  };
  const exportQa = async (format: 'docx' | 'xlsx') => {
    if (answered.length === 0) return exportBanner.show(M.answerOne);
    try {
      const { blob, fileName } = await downloadFile('template/export/questionnaire/', {
        body: { templateId: loaded.templateId, data: answered, format },
      });
      saveBlob(blob, fileName);
    } catch (error) {
      exportBanner.show(refusalText(error));
    }
  };
  const currentCategory = page[0]?.category ?? null;

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1">{loaded.name}</Typography>
        {readOnly && <Typography color="text.secondary">History preview: {loaded.recorded?.document_name}</Typography>}
        {!readOnly && draft.status && (
          <Typography variant="body2" color="text.secondary" role="status">
            {draft.status}
          </Typography>
        )}
      </Box>
      {!readOnly && draft.restoredAt && (
        <RestoredDraftNotice savedAt={draft.restoredAt} onStartAgain={() => void startAgain()} />
      )}
      <ErrorBanner banner={banner} />
      {loaded.category.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{M.noRecords}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)' } }}
        >
          <CategoryList
            categories={loaded.category}
            current={currentCategory}
            onSelect={(categoryId) => setPageIndex(firstPageOf.get(categoryId) ?? 0)}
          />
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            {page.length === 0 && <Typography>{M.noRecords}</Typography>}
            {page.map((question) => (
              <QuestionItem
                key={question.question_id}
                question={question}
                answers={answers}
                onAnswer={onAnswer}
                onInfo={(title, html) => setInfo({ title, html })}
                readOnly={readOnly}
              />
            ))}
            <Typography variant="body2" color="text.secondary">
              Page {Math.min(pageIndex + 1, Math.max(pages.length, 1))} of {Math.max(pages.length, 1)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {pageIndex > 0 && <Button onClick={() => setPageIndex(pageIndex - 1)}>Previous</Button>}
              {last ? (
                <Button variant="contained" onClick={() => void submit()} disabled={submitting}>
                  {readOnly ? 'Export, View or Download' : 'Submit'}
                </Button>
              ) : (
                <Button variant="contained" onClick={() => setPageIndex(pageIndex + 1)}>
                  Next
                </Button>
              )}
              <Button onClick={cancel}>Cancel</Button>
            </Box>
          </Box>
        </Box>
      )}
      {info && <InfoDialog title={info.title} html={info.html} onClose={() => setInfo(null)} />}
      {dialog === 'submit' && result && (
        <SubmitDialog
          documentName={result.document_name}
          banner={exportBanner}
          onExport={(format) => void exportQa(format)}
          onView={() => setDialog('view')}
          onDownload={() => setDialog('save')}
          onDownloadPdf={() => void download.start(documentPdfPath(result.file_path))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'view' && result && (
        <ViewerDialog name={result.document_name} filePath={result.file_path} onClose={() => setDialog('submit')} />
      )}
      {dialog === 'save' && result && (
        <SaveDocumentDialog
          templateId={loaded.templateId}
          filePath={result.file_path}
          defaultName={result.document_name}
          onClose={() => setDialog('submit')}
          onSaved={(answer, isDownload) => {
            setResult({ file_path: answer.file_path, document_name: answer.document_name });
            setDialog(null);
            if (isDownload) void download.start(answer.file_path);
            else enqueueSnackbar(answer.detail, { variant: 'success' });
          }}
        />
      )}
      {download.dialog}
      <DiscardChangesDialog
        open={confirmCancel}
        detail={M.discardDraftDetail}
        onKeepEditing={() => setConfirmCancel(false)}
        onDiscard={() => {
          setConfirmCancel(false);
          void draft.discard().then(leave, (error: unknown) => banner.show(refusalText(error)));
        }}
      />
    </Box>
  );
}
