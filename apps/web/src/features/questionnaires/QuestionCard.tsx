import { QUESTION_TYPE_LABELS, QUESTIONNAIRE_LIMITS as L } from '@lexdesk/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { AnswerFields } from './AnswerFields.tsx';
import { BranchList } from './BranchEditor.tsx';
import { newDraftBranch, type DraftQuestion } from './draft.ts';
import { RichTextDialog } from './RichTextDialog.tsx';

interface QuestionCardProps {
  question: DraftQuestion;
  /** 'Question 2', 'Question 2.1.1', … (also the card's accessible name). */
  name: string;
  depth: number;
  onChange: (next: DraftQuestion) => void;
  onRemove: () => void;
}

/** One question: text, description, answers and tags, and (up to the depth limit) conditional branches. */
export function QuestionCard({ question, name, depth, onChange, onRemove }: QuestionCardProps) {
  const [info, setInfo] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const canBranch = depth < L.maxConditionalDepth;
  const toggleConditional = (checked: boolean) =>
    onChange({
      ...question,
      is_conditional: checked,
      showData: checked ? (question.showData.length ? question.showData : [newDraftBranch()]) : [],
    });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={name}
      data-testid="question-card"
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1.5,
        bgcolor: depth % 2 ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" noWrap sx={{ fontWeight: 600, flexShrink: 0 }}>
          {name}
        </Typography>
        <Chip size="small" label={QUESTION_TYPE_LABELS[question.question_type]} sx={{ flexShrink: 1, minWidth: 0 }} />
        <Box sx={{ flex: 1 }} />
        <Tooltip title={`${name} information`}>
          <IconButton aria-label={`${name} information`} onClick={() => setInfo(true)}>
            <InfoOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={`Delete ${name.toLowerCase()}`}>
          <IconButton aria-label={`Delete ${name.toLowerCase()}`} onClick={() => setConfirm(true)}>
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <TextField
        label="Question"
        required
        multiline
        minRows={1}
        value={question.question_text}
        onChange={(event) => onChange({ ...question, question_text: event.target.value })}
        slotProps={{ htmlInput: { maxLength: L.questionText, 'aria-label': `${name} text` } }}
        helperText={
          question.question_text.length > L.questionText - 200
            ? `${question.question_text.length} / ${L.questionText}`
            : undefined
        }
      />
      <AnswerFields question={question} onChange={onChange} disabled={false} name={name} />
      {canBranch && (
        <FormControlLabel
          control={
            <Checkbox checked={question.is_conditional} onChange={(event) => toggleConditional(event.target.checked)} />
          }
          label="Conditional question"
        />
      )}
      {question.is_conditional && <BranchList question={question} name={name} depth={depth} onChange={onChange} />}
      <RichTextDialog
        open={info}
        value={question.description}
        label={`${name} description`}
        onClose={() => setInfo(false)}
        onSave={(description) => onChange({ ...question, description })}
      />
      <ConfirmDialog
        open={confirm}
        item="question"
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          onRemove();
        }}
      />
    </Paper>
  );
}
