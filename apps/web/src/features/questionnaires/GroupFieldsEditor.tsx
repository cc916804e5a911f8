import { QUESTIONNAIRE_LIMITS as L } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DraftQuestion } from './draft.ts';
import { RemoveButton, TagField } from './FieldControls.tsx';

interface GroupFieldsEditorProps {
  question: DraftQuestion;
  onChange: (next: DraftQuestion) => void;
  disabled: boolean;
  /** Prefix of accessible names, e.g. 'Question 1'. */
  name: string;
}

/**
 * A repeating group's tag and the fields of each item (issue 30 item 4): the user adds items on the execution
 * screen, and a template reads them in a loop by the group's tag and the fields' names.
 */
export function GroupFieldsEditor({ question, onChange, disabled, name }: GroupFieldsEditorProps) {
  const fields = question.fields;
  const setField = (index: number, patch: Partial<(typeof fields)[number]>) =>
    onChange({ ...question, fields: fields.map((field, i) => (i === index ? { ...field, ...patch } : field)) });
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <TagField
        label="Group tag"
        value={question.associated_tag}
        disabled={disabled}
        onChange={(associated_tag) => onChange({ ...question, associated_tag })}
      />
      <Typography variant="subtitle2" component="h4">
        Fields of each item
      </Typography>
      {fields.map((field, index) => (
        <Box key={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            label="Field label"
            value={field.label}
            disabled={disabled}
            required
            onChange={(event) => setField(index, { label: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': `${name} field label ${index + 1}`, maxLength: L.optionName } }}
            sx={{ flex: '1 1 180px' }}
          />
          <TextField
            size="small"
            label="Field name"
            value={field.tag}
            disabled={disabled}
            required
            placeholder="name"
            onChange={(event) => setField(index, { tag: event.target.value })}
            slotProps={{
              htmlInput: { 'aria-label': `${name} field name ${index + 1}`, maxLength: L.tag, spellCheck: false },
            }}
            sx={{ flex: '1 1 160px', maxWidth: { sm: 240 } }}
          />
          <RemoveButton
            label={`Remove field ${index + 1}`}
            disabled={disabled || fields.length === 1}
            onClick={() => onChange({ ...question, fields: fields.filter((_field, i) => i !== index) })}
          />
        </Box>
      ))}
      {!disabled && fields.length < L.groupFields && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => onChange({ ...question, fields: [...fields, { label: '', tag: '' }] })}
          >
            Add field
          </Button>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Each item the user adds has these fields; a template reads them in a loop by the group tag and the field names:{' '}
        <code>{'{% for p in parties %}{{ p.name }}{% endfor %}'}</code>
      </Typography>
    </Box>
  );
}
