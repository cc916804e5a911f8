import type { Answer, QuestionView } from '@lexdesk/contract';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LazyRichTextEditor } from '../../../ui/LazyRichTextEditor.tsx';
import { branchShows, emptyAnswer, hasText, type Answers } from './answers.ts';
import { GroupItems } from './GroupItems.tsx';
import { OptionChoices } from './OptionChoices.tsx';

const looksRich = (value: string) => /<\/?(p|ul|ol|li|strong|em|u|br)\b/i.test(value);

interface QuestionItemProps {
  question: QuestionView;
  answers: Answers;
  onAnswer: (question: QuestionView, answer: Answer) => void;
  onInfo: (title: string, html: string) => void;
  readOnly: boolean;
  depth?: number;
}

/** One question with its answer controls, then the child questions its answer opens (nested, indented). */
export function QuestionItem({ question, answers, onAnswer, onInfo, readOnly, depth = 0 }: QuestionItemProps) {
  const labelId = useId();
  const answer = answers.get(question.question_id) ?? emptyAnswer(question.question_id);
  const [rich, setRich] = useState(() => looksRich(answer.short));
  const set = (patch: Partial<Answer>) => onAnswer(question, { ...answer, ...patch });

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, ml: depth ? { xs: 1, sm: 3 } : 0, display: 'grid', gap: 1 }}
      data-testid={`question-${question.question_id}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography id={labelId} sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
          {question.question_text}
        </Typography>
        {hasText(question.description) && (
          <IconButton
            size="small"
            aria-label={`Question information: ${question.question_text}`}
            onClick={() => onInfo('Question Information', question.description)}
          >
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {question.question_type === 'Yes/No' && (
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={answer.selected ?? ''}
          onChange={(e) => set({ selected: e.target.value as 'Yes' | 'No' })}
        >
          <FormControlLabel value="Yes" control={<Radio disabled={readOnly} />} label="Yes" />
          <FormControlLabel value="No" control={<Radio disabled={readOnly} />} label="No" />
        </RadioGroup>
      )}
      {question.question_type === 'Multiple' && (
        <OptionChoices
          question={question}
          answer={answer}
          readOnly={readOnly}
          labelId={labelId}
          set={set}
          onInfo={onInfo}
        />
      )}
      {question.question_type === 'short' && (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          {rich ? (
            <LazyRichTextEditor
              value={answer.short}
              onChange={(html) => !readOnly && set({ short: html })}
              label={`Answer: ${question.question_text}`}
              minHeight={80}
            />
          ) : (
            <TextField
              size="small"
              multiline
              minRows={1}
              value={answer.short}
              onChange={(e) => set({ short: e.target.value })}
              slotProps={{ htmlInput: { 'aria-labelledby': labelId, readOnly } }}
            />
          )}
          {!readOnly && (
            <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => setRich(!rich)}>
              {rich ? 'Plain text' : 'Formatted text'}
            </Button>
          )}
        </Box>
      )}
      {question.question_type === 'Repeating' && (
        <GroupItems question={question} answer={answer} readOnly={readOnly} labelId={labelId} set={set} />
      )}
      {question.showData
        .filter((branch) => branchShows(question, answers.get(question.question_id), branch.selectedOption))
        .flatMap((branch) => branch.listForm)
        .map((child) => (
          <QuestionItem
            key={child.question_id}
            question={child}
            answers={answers}
            onAnswer={onAnswer}
            onInfo={onInfo}
            readOnly={readOnly}
            depth={depth + 1}
          />
        ))}
    </Paper>
  );
}
