import { PLAYBOOK_LIMITS as L } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  moveItem,
  newFallback,
  newUnacceptable,
  removeAt,
  replaceAt,
  type DraftFallback,
  type DraftUnacceptable,
} from './draft.ts';
import { RowControls } from './RowControls.tsx';

/** An entry's ordered fallback positions, each with guidance and who may approve it. */
export function FallbacksEditor({
  topic,
  fallbacks,
  errors,
  prefix,
  onChange,
}: {
  topic: string;
  fallbacks: DraftFallback[];
  errors: Record<string, string>;
  /** The errors' key of this list, e.g. 'entries.0.fallbacks'. */
  prefix: string;
  onChange: (fallbacks: DraftFallback[]) => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Fallback positions, in the order they may be offered
      </Typography>
      {fallbacks.map((fallback, index) => {
        const name = `fallback ${index + 1} of ${topic || 'this entry'}`;
        const set = (patch: Partial<DraftFallback>) => onChange(replaceAt(fallbacks, index, { ...fallback, ...patch }));
        return (
          <Paper
            key={fallback.key}
            variant="outlined"
            sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}
          >
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                Fallback {index + 1}
              </Typography>
              <RowControls
                name={name}
                index={index}
                count={fallbacks.length}
                onMove={(delta) => onChange(moveItem(fallbacks, index, delta))}
                onRemove={() => onChange(removeAt(fallbacks, index))}
              />
            </Box>
            <TextField
              size="small"
              label="Position"
              required
              multiline
              minRows={2}
              value={fallback.position}
              onChange={(event) => set({ position: event.target.value })}
              error={Boolean(errors[`${prefix}.${index}.position`])}
              helperText={errors[`${prefix}.${index}.position`]}
              slotProps={{ htmlInput: { maxLength: L.position } }}
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextField
              size="small"
              label="Guidance"
              multiline
              minRows={1}
              value={fallback.guidance}
              onChange={(event) => set({ guidance: event.target.value })}
              error={Boolean(errors[`${prefix}.${index}.guidance`])}
              helperText={errors[`${prefix}.${index}.guidance`]}
              slotProps={{ htmlInput: { maxLength: L.guidance } }}
            />
            <TextField
              size="small"
              label="Approver"
              placeholder="e.g. Supervising partner"
              value={fallback.approver}
              onChange={(event) => set({ approver: event.target.value })}
              error={Boolean(errors[`${prefix}.${index}.approver`])}
              helperText={errors[`${prefix}.${index}.approver`]}
              slotProps={{ htmlInput: { maxLength: L.approver } }}
            />
          </Paper>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ justifySelf: 'start' }}
        disabled={fallbacks.length >= L.fallbacksPerEntry}
        onClick={() => onChange([...fallbacks, newFallback()])}
      >
        Add fallback
      </Button>
    </Box>
  );
}

/** An entry's unacceptable positions, a sentence each. */
export function UnacceptableEditor({
  topic,
  items,
  errors,
  prefix,
  onChange,
}: {
  topic: string;
  items: DraftUnacceptable[];
  errors: Record<string, string>;
  prefix: string;
  onChange: (items: DraftUnacceptable[]) => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Unacceptable positions
      </Typography>
      {items.map((item, index) => (
        <Box key={item.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={`Unacceptable ${index + 1}`}
            value={item.text}
            onChange={(event) => onChange(replaceAt(items, index, { ...item, text: event.target.value }))}
            error={Boolean(errors[`${prefix}.${index}`])}
            helperText={errors[`${prefix}.${index}`]}
            slotProps={{ htmlInput: { maxLength: L.position } }}
          />
          <RowControls
            name={`unacceptable position ${index + 1} of ${topic || 'this entry'}`}
            index={index}
            count={items.length}
            onMove={(delta) => onChange(moveItem(items, index, delta))}
            onRemove={() => onChange(removeAt(items, index))}
          />
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ justifySelf: 'start' }}
        disabled={items.length >= L.unacceptablePerEntry}
        onClick={() => onChange([...items, newUnacceptable()])}
      >
        Add unacceptable position
      </Button>
    </Box>
  );
}
