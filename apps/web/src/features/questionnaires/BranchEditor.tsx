import {
  branchChoices,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  questionnaireMessages as M,
  type QuestionType,
  type QuestionView,
} from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { fetchCategoryQuestions } from './api.ts';
import { useBuilder } from './builderContext.ts';
import { newDraftBranch, newDraftQuestion, type DraftBranch, type DraftQuestion } from './draft.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { useToasts } from './toasts.ts';

interface BranchListProps {
  question: DraftQuestion;
  name: string;
  depth: number;
  onChange: (next: DraftQuestion) => void;
}

/** The conditional branches of a question; the last one cannot be removed (spec 02 §4.2). */
export function BranchList({ question, name, depth, onChange }: BranchListProps) {
  const toasts = useToasts();
  const [removing, setRemoving] = useState<number | null>(null);
  const setBranch = (index: number, branch: DraftBranch) =>
    onChange({ ...question, showData: question.showData.map((b, i) => (i === index ? branch : b)) });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1.5,
        pl: { xs: 0.5, sm: 2 },
        borderLeft: 3,
        borderColor: 'primary.light',
      }}
    >
      {question.showData.map((branch, index) => (
        <BranchEditor
          key={branch.key}
          parent={question}
          branch={branch}
          name={`${name} condition ${index + 1}`}
          childName={`${name}.${index + 1}`}
          depth={depth}
          onChange={(next) => setBranch(index, next)}
          onRemove={() => {
            if (question.showData.length <= 1) toasts.problem(M.lastBranch);
            else setRemoving(index);
          }}
        />
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange({ ...question, showData: [...question.showData, newDraftBranch()] })}
        >
          Add condition
        </Button>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        item="conditional question"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          onChange({ ...question, showData: question.showData.filter((_b, i) => i !== removing) });
          setRemoving(null);
        }}
      />
    </Box>
  );
}

interface BranchEditorProps {
  parent: DraftQuestion;
  branch: DraftBranch;
  name: string;
  childName: string;
  depth: number;
  onChange: (next: DraftBranch) => void;
  onRemove: () => void;
}

function BranchEditor({ parent, branch, name, childName, depth, onChange, onRemove }: BranchEditorProps) {
  const choices = branchChoices(parent);
  const optionValue = choices.includes(branch.selectedOption) ? branch.selectedOption : '';
  const switchType = (type: 'new' | 'edit' | null) => {
    if (!type || type === branch.type) return;
    // Switching clears the picked question, the chosen type and the child forms (spec 02 §4.2).
    onChange({
      ...branch,
      type,
      selectedQuestion: null,
      selectedCategory: null,
      selectedType: null,
      listForm: [],
      reused: null,
    });
  };
  const addChild = (type: QuestionType) =>
    onChange({ ...branch, selectedType: type, listForm: [...branch.listForm, newDraftQuestion(type)], showForm: true });
  return (
    <Box
      role="group"
      aria-label={name}
      data-testid="branch"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1.5,
        p: { xs: 1, sm: 1.5 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ mr: 1 }}>
          {name}
        </Typography>
        <TextField
          select
          size="small"
          label="Show when the answer is"
          value={optionValue}
          onChange={(event) => onChange({ ...branch, selectedOption: event.target.value })}
          // The label stays above the field even before an answer is picked: inside the empty field it was
          // cut ('Show when the ans…').
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        >
          {choices.length === 0 && (
            <MenuItem value="" disabled>
              Name the options first
            </MenuItem>
          )}
          {choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={branch.type}
          onChange={(_event, value: 'new' | 'edit' | null) => switchType(value)}
          aria-label={`${name} question source`}
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          <ToggleButton value="new">New question</ToggleButton>
          <ToggleButton value="edit">Drafted question</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={branch.showForm ? 'Hide questions' : 'Show questions'}>
          <IconButton
            aria-label={`${branch.showForm ? 'Hide' : 'Show'} questions of ${name.toLowerCase()}`}
            aria-expanded={branch.showForm}
            onClick={() => onChange({ ...branch, showForm: !branch.showForm })}
          >
            {branch.showForm ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title={`Remove ${name.toLowerCase()}`}>
          <IconButton aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {branch.type === 'new' ? (
        <>
          <TextField
            select
            size="small"
            label="Question type"
            value=""
            onChange={(event) => addChild(event.target.value as QuestionType)}
            helperText="Choosing a type adds a question to this condition"
            sx={{ maxWidth: 320 }}
          >
            {QUESTION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          {branch.showForm &&
            branch.listForm.map((child, index) => (
              <QuestionCard
                key={child.key}
                question={child}
                name={`${childName}.${index + 1}`}
                depth={depth + 1}
                onChange={(next) =>
                  onChange({ ...branch, listForm: branch.listForm.map((c, i) => (i === index ? next : c)) })
                }
                onRemove={() => onChange({ ...branch, listForm: branch.listForm.filter((_c, i) => i !== index) })}
              />
            ))}
        </>
      ) : (
        <DraftedPicker branch={branch} onChange={onChange} />
      )}
    </Box>
  );
}

/** 'edit' branches: pick a previously drafted question by category; once picked it is locked. */
function DraftedPicker({ branch, onChange }: { branch: DraftBranch; onChange: (next: DraftBranch) => void }) {
  const { categories, ownIds } = useBuilder();
  const categoryId = branch.selectedCategory;
  const questions = useQuery({
    queryKey: queryKeys.questionnaires.categoryQuestions(categoryId ?? 0),
    queryFn: ({ signal }) => fetchCategoryQuestions(categoryId ?? 0, signal),
    enabled: categoryId !== null && branch.reused === null,
  });
  const locked = branch.reused !== null;
  const pickable = (questions.data ?? []).filter((q) => !ownIds.has(q.question_id));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Category"
          value={categoryId ?? ''}
          disabled={locked}
          onChange={(event) =>
            onChange({ ...branch, selectedCategory: Number(event.target.value), selectedQuestion: null, reused: null })
          }
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        >
          {categories.map((category) => (
            <MenuItem key={category.category_id} value={category.category_id}>
              {category.category_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Drafted question"
          value={branch.selectedQuestion ?? ''}
          disabled={locked || categoryId === null}
          onChange={(event) => {
            const picked = pickable.find((q) => q.question_id === Number(event.target.value));
            if (picked) onChange({ ...branch, selectedQuestion: picked.question_id, reused: picked, showForm: true });
          }}
          sx={{ minWidth: 240, flex: 1 }}
        >
          {locked && branch.reused && (
            <MenuItem value={branch.reused.question_id}>{branch.reused.question_text}</MenuItem>
          )}
          {!locked && pickable.length === 0 && (
            <MenuItem value="" disabled>
              {questions.isFetching ? 'Loading data...' : 'No records found'}
            </MenuItem>
          )}
          {!locked &&
            pickable.map((q) => (
              <MenuItem key={q.question_id} value={q.question_id}>
                {q.question_text}
              </MenuItem>
            ))}
        </TextField>
      </Box>
      {branch.showForm && branch.reused && <ReusedPreview view={branch.reused} />}
      {branch.selectedQuestion !== null && !branch.reused && (
        <Typography variant="body2" color="text.secondary">
          The drafted question no longer exists. Pick another one.
        </Typography>
      )}
    </Box>
  );
}

/** A reused question as saved: read-only here (it is edited in its own questionnaire). */
function ReusedPreview({ view }: { view: QuestionView }) {
  return (
    <Box
      data-testid="reused-question"
      sx={{ p: 1.5, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {view.question_text}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {QUESTION_TYPE_LABELS[view.question_type]} · Tags: {view.tagList.join(', ') || '—'} · locked
      </Typography>
      {view.description && <RichTextView html={view.description} />}
    </Box>
  );
}
