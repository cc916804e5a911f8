import {
  ANSWER_TYPE_LABELS,
  ANSWER_TYPES,
  reportMessages,
  reportQuestionBody,
  REPORT_QUESTION_MAX,
  type AnswerType,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { createQuestion, fetchQuestion, updateQuestion } from './api.ts';

/** /case-report/add/question and /case-report/question/{id}: add or edit one report question. */
export function ReportQuestionFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  useDocumentTitle(id ? 'Edit question' : 'Add question');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [question, setQuestion] = useState('');
  const [answerType, setAnswerType] = useState<AnswerType | ''>('short');
  const [problem, setProblem] = useState<string | null>(null);
  const existing = useQuery({
    queryKey: queryKeys.caseRecords.question(id ?? 0),
    queryFn: ({ signal }) => fetchQuestion(id ?? 0, signal),
    enabled: id !== null,
  });
  useEffect(() => {
    if (!existing.data) return;
    setQuestion(existing.data.question);
    setAnswerType(existing.data.answer_type);
  }, [existing.data]);
  const save = useMutation({
    mutationFn: async () => {
      const parsed = reportQuestionBody.safeParse({ question, answer_type: answerType || undefined });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      return id ? updateQuestion(id, parsed.data) : createQuestion(parsed.data);
    },
    onSuccess: async () => {
      enqueueSnackbar(reportMessages.questionSaved, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.caseRecords.questions });
      void navigate('/case-report');
    },
    onError: (error) => setProblem(error instanceof Error && !('status' in error) ? error.message : refusalText(error)),
  });
  if (id !== null && existing.isPending) return <PageSpinner />;
  if (existing.isError) return <Typography color="error">{refusalText(existing.error)}</Typography>;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
      <Typography variant="h1">{id ? 'Edit question' : 'Add question'}</Typography>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        <TextField
          label="Question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          required
          multiline
          minRows={2}
          helperText={`${question.length}/${REPORT_QUESTION_MAX}`}
          autoFocus
        />
        <TextField
          select
          label="Answer type"
          value={answerType}
          onChange={(event) => setAnswerType(event.target.value as AnswerType)}
          required
        >
          {ANSWER_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ANSWER_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <FormProblem problem={problem} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/case-report">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
