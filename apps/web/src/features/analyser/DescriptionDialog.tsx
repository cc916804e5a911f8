import { conceptMessages as M } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { useListHeads } from './useListHeads.ts';

/** The description of a list: each head with its definition ('Concept definition is not present' when empty). */
export function DescriptionDialog({
  list,
  onClose,
}: {
  list: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const heads = useListHeads(list?.id ?? null);
  const rows = heads.heads;
  return (
    <TitledDialog open={list !== null} title={`Description: ${list?.name ?? ''}`} onClose={onClose} maxWidth="md">
      <DialogContent dividers>
        {heads.isFetching && <LinearProgress aria-label="Loading heads" />}
        {!heads.isFetching && rows.length === 0 && <Typography color="text.secondary">{M.noRecords}</Typography>}
        {rows.map((head) => (
          <Box key={head.concept_id} component="section" aria-label={head.head} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {head.head}
            </Typography>
            {head.definition.trim() ? (
              <RichTextView html={head.definition} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {M.noDefinition}
              </Typography>
            )}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
