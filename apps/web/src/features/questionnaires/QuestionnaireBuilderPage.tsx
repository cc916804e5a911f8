import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUESTIONNAIRE_REDIRECT_MS,
  questionnaireMessages as M,
  walkQuestions,
  type QuestionType,
} from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { createForm, fetchCategories, fetchForm, updateForm } from './api.ts';
import { BuilderContext } from './builderContext.ts';
import { CategoryPanel } from './CategoryPanel.tsx';
import {
  draftFromView,
  draftOverLimit,
  draftProblem,
  inputOf,
  newDraftQuestion,
  parseEditParam,
  type DraftQuestion,
} from './draft.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { useToasts } from './toasts.ts';

const LIST = '/document-questionaries';

/** /document-questionaries/add/new and /document-questionaries/edit/{id}: the questionnaire builder. */
export function QuestionnaireBuilderPage() {
  const params = useParams();
  const edit = params.id !== undefined ? parseEditParam(params.id) : null;
  const editing = params.id !== undefined;
  useDocumentTitle(editing ? 'Edit Questionnaire' : 'Add Questionnaire');
  const form = useQuery({
    queryKey: queryKeys.questionnaires.form(edit?.id ?? 0),
    queryFn: ({ signal }) => fetchForm(edit?.id ?? 0, signal),
    enabled: edit !== null,
    gcTime: 0,
  });
  if (editing && edit === null) return <Alert severity="error">{M.somethingWrong}</Alert>;
  if (edit && form.isError) return <Alert severity="error">This questionnaire does not exist or was deleted.</Alert>;
  if (edit && !form.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading questionnaire" />
      </Box>
    );
  }
  const initial = form.data ?? [];
  return (
    <Builder
      key={edit?.id ?? 'new'}
      formId={edit?.id ?? null}
      returnPage={edit?.page ?? 1}
      initial={initial.map(draftFromView)}
      initialCategory={initial[0]?.category ?? null}
    />
  );
}

interface BuilderProps {
  formId: number | null;
  returnPage: number;
  initial: DraftQuestion[];
  initialCategory: number | null;
}

function Builder({ formId, returnPage, initial, initialCategory }: BuilderProps) {
  const editing = formId !== null;
  const navigate = useNavigate();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [questions, setQuestions] = useState<DraftQuestion[]>(initial);
  const [category, setCategory] = useState<number | null>(initialCategory);
  const [type, setType] = useState<QuestionType | ''>(editing ? (initial[0]?.question_type ?? '') : '');
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);
  const categories = useQuery({
    queryKey: queryKeys.questionnaires.categories,
    queryFn: ({ signal }) => fetchCategories(signal),
  });

  const ownIds = useMemo(() => {
    const ids = new Set<number>();
    for (const { question } of walkQuestions(questions.map(inputOf)))
      if (question.question_id !== null) ids.add(question.question_id);
    return ids;
  }, [questions]);
  const overLimit = useMemo(() => draftOverLimit(questions), [questions]);
  const context = useMemo(() => ({ categories: categories.data ?? [], ownIds }), [categories.data, ownIds]);

  const backToList = () => navigate(editing && returnPage > 1 ? `${LIST}?page=${returnPage}` : LIST);
  const save = useMutation({
    mutationFn: () => {
      const body = { form: questions.map(inputOf), category };
      return formId === null ? createForm(body) : updateForm(formId, body);
    },
    onSuccess: async () => {
      toasts.success(editing ? M.updated : M.formAdded);
      await queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires.all });
      if (editing) backToList();
      else leaving.current = setTimeout(backToList, QUESTIONNAIRE_REDIRECT_MS);
    },
    onError: toasts.failure,
  });

  const addQuestion = () => {
    if (category === null) return toasts.problem(M.noCategoryForAdd);
    if (type === '') return toasts.problem(M.noTypeForAdd);
    setQuestions((list) => [...list, newDraftQuestion(type)]);
  };
  const submit = () => {
    if (category === null) return toasts.problem(editing ? M.noCategoryForUpdate : M.noCategoryForAdd);
    const problem = questions.length === 0 ? M.emptyForm : draftProblem(questions);
    if (problem) return toasts.problem(problem);
    save.mutate();
  };

  return (
    <BuilderContext.Provider value={context}>
      <ListPage title={editing ? 'Edit Questionnaire' : 'Add Questionnaire'}>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <CategoryPanel
            categories={categories.data ?? []}
            value={category}
            onChange={setCategory}
            showActions={!editing}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flex: { xs: '1 1 100%', md: '1 1 0' } }}>
            <TextField
              select
              size="small"
              label="Question Type"
              value={type}
              disabled={editing}
              onChange={(event) => setType(event.target.value as QuestionType)}
              sx={{ flex: 1 }}
            >
              {QUESTION_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {QUESTION_TYPE_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={addQuestion} disabled={editing}>
              Add
            </Button>
          </Box>
        </Paper>
        {questions.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
            Choose a category and a question type, then Add.
          </Typography>
        )}
        {questions.map((question, index) => (
          <QuestionCard
            key={question.key}
            question={question}
            name={`Question ${index + 1}`}
            depth={0}
            onChange={(next) => setQuestions((list) => list.map((q, i) => (i === index ? next : q)))}
            onRemove={() => setQuestions((list) => list.filter((_q, i) => i !== index))}
          />
        ))}
        <FormProblem problem={overLimit ? M.conditionalOverLimit : null} />
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            justifyContent: 'flex-end',
            position: 'sticky',
            bottom: 0,
            py: 1.5,
            bgcolor: 'background.default',
          }}
        >
          <Button onClick={backToList}>Close</Button>
          <Button variant="contained" onClick={submit} disabled={overLimit || save.isPending || save.isSuccess}>
            {editing ? 'Save' : 'Submit'}
          </Button>
        </Box>
      </ListPage>
    </BuilderContext.Provider>
  );
}
