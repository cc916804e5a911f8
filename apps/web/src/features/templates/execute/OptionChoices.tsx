import type { Answer, QuestionView } from '@lexdesk/contract';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { chosenOptions, hasText, takesOneOption } from './answers.ts';

interface OptionChoicesProps {
  question: QuestionView;
  answer: Answer;
  readOnly: boolean;
  /** The question text's id: names the group. */
  labelId: string;
  set: (patch: Partial<Answer>) => void;
  onInfo: (title: string, html: string) => void;
}

/** A Multiple Choice answer: radios when the question takes one option, checkboxes when it takes several. */
export function OptionChoices({ question, answer, readOnly, labelId, set, onInfo }: OptionChoicesProps) {
  const one = takesOneOption(question);
  const chosen = chosenOptions(question, answer);
  const options = question.values.map((option) => {
    const description = option.value[0]?.description ?? '';
    const control = one ? (
      <Radio disabled={readOnly} />
    ) : (
      <Checkbox
        disabled={readOnly}
        checked={chosen.includes(option.id)}
        onChange={(e) =>
          set({
            options: e.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id),
          })
        }
      />
    );
    return (
      <Box key={option.id} sx={{ display: 'flex', alignItems: 'center' }}>
        <FormControlLabel value={String(option.id)} control={control} label={option.option} />
        {hasText(description) && (
          <IconButton
            size="small"
            aria-label={`Option information: ${option.option}`}
            onClick={() => onInfo('Option Information', description)}
          >
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
    );
  });
  if (!one) return <FormGroup aria-labelledby={labelId}>{options}</FormGroup>;
  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={chosen[0] === undefined ? '' : String(chosen[0])}
      onChange={(e) => set({ options: [Number(e.target.value)] })}
    >
      {options}
    </RadioGroup>
  );
}
