/** The small controls the builder's answer fields share: a tag input that names its problem, a remove button. */
import { QUESTIONNAIRE_LIMITS as L, tagNameProblem } from '@lexdesk/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';

export function TagField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const problem = props.value.trim() === '' ? null : tagNameProblem(props.value);
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      disabled={props.disabled}
      required
      error={problem !== null}
      helperText={
        problem === 'spaces' ? 'No spaces: use _ instead' : problem ? 'Letters, digits, _ . - only' : undefined
      }
      slotProps={{ htmlInput: { maxLength: L.tag, spellCheck: false } }}
      sx={{ flex: '1 1 180px', maxWidth: { sm: 260 } }}
    />
  );
}

export function RemoveButton(props: { label: string; onClick: () => void; disabled: boolean }) {
  if (props.disabled) return null;
  return (
    <Tooltip title={props.label}>
      <IconButton aria-label={props.label} onClick={props.onClick}>
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
