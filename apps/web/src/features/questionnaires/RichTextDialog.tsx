import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useState } from 'react';
import { LazyRichTextEditor } from '../../ui/LazyRichTextEditor.tsx';
import { TitledDialog } from '../../ui/TitledDialog.tsx';

interface RichTextDialogProps {
  open: boolean;
  value: string;
  /** Accessible name of the editing area (what the text is for). */
  label: string;
  onSave: (html: string) => void;
  onClose: () => void;
}

/** 'Enter Information': writes rich text for a question, an option or a tag (spec 02 §2.4). */
export function RichTextDialog({ open, value, label, onSave, onClose }: RichTextDialogProps) {
  return (
    <TitledDialog open={open} title="Enter Information" onClose={onClose} maxWidth="md">
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
