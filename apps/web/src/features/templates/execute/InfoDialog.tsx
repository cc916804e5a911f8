import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { RichTextView } from '../../../ui/RichTextView.tsx';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';

/** 'Question Information' / 'Option Information': the description as sanitised rich text. */
export function InfoDialog({ title, html, onClose }: { title: string; html: string; onClose: () => void }) {
  return (
    <TitledDialog open title={title} onClose={onClose}>
      <DialogContent>
        <RichTextView html={html} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
