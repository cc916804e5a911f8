import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useState } from 'react';
import { LazyRichTextEditor } from '../../ui/LazyRichTextEditor.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

interface RichTextDialogProps {
  open: boolean;
  value: string;
  /** What the text is for ('Question 1 Yes text 1'): the title says 'Edit …' it, and names the editing area. */
  label: string;
  onSave: (html: string) => void;
  onClose: () => void;
}

/**
 * The spec's 'Enter Information' dialog (02 §2.4): writes rich text for a question, an option or a tag. One
 * dialog serves every rich-text field of the builder, so its title names the field it edits.
 */
export function RichTextDialog({ open, value, label, onSave, onClose }: RichTextDialogProps) {
  return (
    <TitledDialog open={open} title={`Edit ${label}`} onClose={onClose} maxWidth="md">
      {open && <Body value={value} label={label} onSave={onSave} onClose={onClose} />}
    </TitledDialog>
  );
}

function Body({ value, label, onSave, onClose }: Omit<RichTextDialogProps, 'open'>) {
  const [html, setHtml] = useState(value);
  return (
    <>
      <DialogContent>
        <LazyRichTextEditor value={value} onChange={setHtml} label={label} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            onSave(html);
            onClose();
          }}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}
