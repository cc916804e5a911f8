import { MODULE_FLAGS, MODULE_LABELS, type ModuleFlags } from '@lexdesk/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';

/** The seven module flags as checkboxes (module defaults of an organisation, a user's grants). */
export function ModuleFlagsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ModuleFlags;
  onChange: (value: ModuleFlags) => void;
}) {
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {MODULE_FLAGS.map((flag) => (
          <FormControlLabel
            key={flag}
            control={
              <Checkbox
                checked={value[flag]}
                onChange={(event) => onChange({ ...value, [flag]: event.target.checked })}
              />
            }
            label={MODULE_LABELS[flag]}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
