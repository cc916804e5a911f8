/** The answer part of a question card: Yes/No tag lists, the Short Answer tag, Multiple Choice options, a group. */
import { QUESTIONNAIRE_LIMITS as L, questionnaireMessages as M, type OptionValue } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { DraftQuestion } from './draft.ts';
import { RemoveButton, TagField } from './FieldControls.tsx';
import { GroupFieldsEditor } from './GroupFieldsEditor.tsx';
import { RichTextDialog } from './RichTextDialog.tsx';
import { RichTextField } from './RichTextField.tsx';

interface FieldsProps {
  question: DraftQuestion;
  onChange: (next: DraftQuestion) => void;
  disabled: boolean;
  /** Prefix of accessible names, e.g. 'Question 1'. */
  name: string;
}

type YesNoKey = 'yes' | 'no';

function YesNoList({ question, onChange, disabled, name, which }: FieldsProps & { which: YesNoKey }) {
  const title = which === 'yes' ? 'Yes' : 'No';
  const entries =
    which === 'yes'
      ? question.yesList.map((e) => ({ text: e.yes, tag: e.tag }))
      : question.noList.map((e) => ({ text: e.no, tag: e.tag }));
  const write = (next: { text: string; tag: string }[]) =>
    onChange(
      which === 'yes'
        ? { ...question, yesList: next.map((e) => ({ yes: e.text, tag: e.tag })) }
        : { ...question, noList: next.map((e) => ({ no: e.text, tag: e.tag })) },
    );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      {entries.map((entry, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <RichTextField
            label={`${name} ${title} text ${index + 1}`}
            caption={`Text ${index + 1}`}
            value={entry.text}
            disabled={disabled}
            placeholder={`Text written when the answer is ${title}`}
            onChange={(text) => write(entries.map((e, i) => (i === index ? { ...e, text } : e)))}
          />
          <TagField
            label={`${title} tag ${index + 1}`}
            value={entry.tag}
            disabled={disabled}
            onChange={(tag) => write(entries.map((e, i) => (i === index ? { ...e, tag } : e)))}
          />
          {entries.length > 1 && (
            <RemoveButton
              label={`Remove ${title} tag ${index + 1}`}
              disabled={disabled}
              onClick={() => write(entries.filter((_e, i) => i !== index))}
            />
          )}
        </Box>
      ))}
      {!disabled && entries.length < L.entriesPerList && (
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => write([...entries, { text: '', tag: '' }])}>
            Add {title} tag
          </Button>
        </Box>
      )}
    </Box>
  );
}

function OptionRow(props: {
  index: number;
  option: string;
  values: OptionValue[];
  onChange: (option: string, values: OptionValue[]) => void;
  onRemove: (() => void) | null;
  disabled: boolean;
  name: string;
}) {
  const [info, setInfo] = useState(false);
  const { index, option, values, disabled } = props;
  const tooLong = option.trim().length > L.optionName;
  const first = values[0];
  const setValue = (at: number, patch: Partial<OptionValue>) =>
    props.onChange(
      option,
      values.map((v, i) => (i === at ? { ...v, ...patch } : v)),
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 1,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          required
          label={`Option ${index + 1}`}
          value={option}
          disabled={disabled}
          onChange={(event) => props.onChange(event.target.value, values)}
          error={tooLong}
          helperText={tooLong ? M.optionTooLong : undefined}
          slotProps={{ htmlInput: { maxLength: L.optionField } }}
        />
        <Tooltip title={`Option ${index + 1} information`}>
          <IconButton aria-label={`Option ${index + 1} information`} onClick={() => setInfo(true)} disabled={disabled}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {props.onRemove && (
          <RemoveButton label={`Remove option ${index + 1}`} disabled={disabled} onClick={props.onRemove} />
        )}
      </Box>
      {values.map((value, at) => (
        <Box key={at} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <RichTextField
            label={`${props.name} option ${index + 1} text ${at + 1}`}
            caption={`Text ${at + 1}`}
            value={value.value}
            disabled={disabled}
            placeholder="Text written when this option is chosen (the option name if empty)"
            onChange={(html) => setValue(at, { value: html })}
          />
          <TagField
            label={`Option ${index + 1} tag ${at + 1}`}
            value={value.tag}
            disabled={disabled}
            onChange={(tag) => setValue(at, { tag })}
          />
          {values.length > 1 && (
            <RemoveButton
              label={`Remove option ${index + 1} tag ${at + 1}`}
              disabled={disabled}
              onClick={() =>
                props.onChange(
                  option,
                  values.filter((_v, i) => i !== at),
                )
              }
            />
          )}
        </Box>
      ))}
      {!disabled && values.length < L.entriesPerList && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => props.onChange(option, [...values, { value: '', tag: '', description: '' }])}
          >
            Add tag to option {index + 1}
          </Button>
        </Box>
      )}
      <RichTextDialog
        open={info}
        value={first?.description ?? ''}
        label={`${props.name} option ${index + 1} description`}
        onClose={() => setInfo(false)}
        onSave={(description) =>
          props.onChange(
            option,
            first ? values.map((v, i) => (i === 0 ? { ...v, description } : v)) : [{ value: '', tag: '', description }],
          )
        }
      />
    </Box>
  );
}

/** Multiple Choice: whether the user picks one option (radios) or may tick several (checkboxes). */
function AnswerModeField(props: {
  name: string;
  several: boolean;
  disabled: boolean;
  onChange: (several: boolean) => void;
}) {
  const labelId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography id={labelId} variant="subtitle2">
        The user may choose
      </Typography>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={props.several ? 'several' : 'one'}
        onChange={(event) => props.onChange(event.target.value === 'several')}
      >
        <FormControlLabel value="one" control={<Radio disabled={props.disabled} />} label="One option" />
        <FormControlLabel value="several" control={<Radio disabled={props.disabled} />} label="Several options" />
      </RadioGroup>
    </Box>
  );
}

/** The answers of the question, by type. */
export function AnswerFields(props: FieldsProps) {
  const { question, onChange, disabled } = props;
  if (question.question_type === 'Yes/No') {
    return (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <YesNoList {...props} which="yes" />
        <YesNoList {...props} which="no" />
      </Box>
    );
  }
  if (question.question_type === 'Repeating') return <GroupFieldsEditor {...props} />;
  if (question.question_type === 'short') {
    return (
      <TagField
        label="Associated tag"
        value={question.associated_tag}
        disabled={disabled}
        onChange={(associated_tag) => onChange({ ...question, associated_tag })}
      />
    );
  }
  const values = question.values;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <AnswerModeField
        name={props.name}
        several={question.multiple_answers}
        disabled={disabled}
        onChange={(multiple_answers) => onChange({ ...question, multiple_answers })}
      />
      {values.map((value, index) => (
        <OptionRow
          key={index}
          index={index}
          name={props.name}
          option={value.option}
          values={value.value}
          disabled={disabled}
          onChange={(option, optionValues) =>
            onChange({
              ...question,
              values: values.map((v, i) => (i === index ? { option, value: optionValues } : v)),
            })
          }
          onRemove={
            values.length > 1 ? () => onChange({ ...question, values: values.filter((_v, i) => i !== index) }) : null
          }
        />
      ))}
      {!disabled && values.length < L.entriesPerList && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              onChange({
                ...question,
                values: [...values, { option: '', value: [{ value: '', tag: '', description: '' }] }],
              })
            }
          >
            Add option
          </Button>
        </Box>
      )}
    </Box>
  );
}
