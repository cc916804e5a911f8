import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { draftView, type DraftEntry } from './draftSet.ts';

interface DraftAreaProps {
  heads: readonly DraftEntry[];
  /** Heads can be taken out of the draft (create and list edit). */
  removable: boolean;
  onRemove: (head: string) => void;
}

/**
 * The draft: one `HEAD[definition]->terms | phrases` line per head, markup stripped (spec 03 §4). It is built
 * by Add to Draft and Copy Concept, never typed (docs/analyser.md); a head leaves it by its chip.
 */
export function DraftArea({ heads, removable, onRemove }: DraftAreaProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Draft"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h2">Draft</Typography>
      {removable && heads.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {heads.map((head) => (
            <Chip
              key={head.head}
              label={head.copiedFrom === undefined ? head.head : `${head.head} (copied)`}
              onDelete={() => onRemove(head.head)}
              deleteIcon={<CancelIcon aria-label={`Remove ${head.head} from the draft`} />}
            />
          ))}
        </Box>
      )}
      <TextField
        label="Draft text"
        multiline
        minRows={4}
        maxRows={14}
        value={draftView(heads)}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'draft-text' } }}
      />
    </Paper>
  );
}
