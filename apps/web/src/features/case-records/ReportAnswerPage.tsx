import { answerProblem, reportMessages, type ReportQuestion } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { casePath, fetchCase } from '../cases/index.ts';
import { createReport, fetchQuestions } from './api.ts';

function AnswerField({
  question,
  value,
  error,
  onChange,
}: {
  question: ReportQuestion;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  if (question.answer_type === 'yes_no') {
    return (
      <FormControl error={error !== null}>
        <FormLabel id={`q-${question.id}`}>{question.question}</FormLabel>
        <RadioGroup row aria-labelledby={`q-${question.id}`} value={value} onChange={(e) => onChange(e.target.value)}>
          <FormControlLabel value="Yes" control={<Radio />} label="Yes" />
          <FormControlLabel value="No" control={<Radio />} label="No" />
        </RadioGroup>
      </FormControl>
    );
  }
  return (
    <TextField
      label={question.question}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error ?? ' '}
      {...(question.answer_type === 'date'
        ? { type: 'date', slotProps: { inputLabel: { shrink: true } } }
        : question.answer_type === 'long'
          ? { multiline: true, minRows: 3 }
          : {})}
    />
  );
}

/** /short-answer/question/{caseId}: answer the organisation's report questions for one case, now. */
export function ReportAnswerPage() {
  const caseId = Number(useParams().id);
  useDocumentTitle('Answer a case report');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const theCase = useQuery({
    queryKey: queryKeys.cases.detail(caseId),
    queryFn: ({ signal }) => fetchCase(caseId, signal),
  });
  const questions = useQuery({
    queryKey: queryKeys.caseRecords.questionList(1, 200, ''),
    queryFn: ({ signal }) => fetchQuestions(1, 200, '', signal),
  });
  const save = useMutation({
    mutationFn: () =>
      createReport({
        case_id: caseId,
        answers: (questions.data?.data ?? []).map((q) => ({ question_id: q.id, answer: (answers[q.id] ?? '').trim() })),
      }),
    onSuccess: async () => {
      enqueueSnackbar(reportMessages.reportSaved, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.caseRecords.reports(caseId) });
      void navigate(`/report/history/${caseId}`);
    },
    onError: (error) => setProblem(refusalText(error)),
  });
  if (theCase.isError) return <Typography color="error">{refusalText(theCase.error)}</Typography>;
  if (!theCase.data || !questions.data) return <PageSpinner />;
  const list = questions.data.data;
  const errors = Object.fromEntries(
    list.map((q) => [q.id, answerProblem(q.answer_type, (answers[q.id] ?? '').trim())]),
  );
  const firstError = Object.values(errors).find((e) => e !== null) ?? null;
  const submit = () => {
    if (firstError) return setProblem(firstError);
    if (!list.some((q) => (answers[q.id] ?? '').trim() !== '')) return setProblem(reportMessages.answersRequired);
    setProblem(null);
    save.mutate();
  };
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', display: 'grid', gap: 2 }}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={casePath(caseId, 'reports')}>
          {theCase.data.title}
        </Link>
        <Typography color="text.primary">New report</Typography>
      </Breadcrumbs>
      <Typography variant="h1">Case report: {theCase.data.title}</Typography>
      {list.length === 0 ? (
        <Typography>{reportMessages.noQuestions}</Typography>
      ) : (
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
        >
          {list.map((question) => (
            <AnswerField
              key={question.id}
              question={question}
              value={answers[question.id] ?? ''}
              error={errors[question.id] ?? null}
              onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
            />
          ))}
          <FormProblem problem={problem} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={`/report/history/${caseId}`}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save report
            </Button>
          </Box>
        </Paper>
      )}
    </Box>
  );
}
