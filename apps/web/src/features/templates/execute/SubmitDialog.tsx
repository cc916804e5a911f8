import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { ErrorBanner, type ErrorBannerState } from '../../../ui/ErrorBanner.tsx';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';

interface SubmitDialogProps {
  documentName: string;
  /** Where a refused Q&A export says why (inside the dialog, where the user is looking). */
  banner: ErrorBannerState;
  onExport: (format: 'docx' | 'xlsx') => void;
  onView: () => void;
  onDownload: () => void;
  /** The document as PDF, converted by the server (no renaming: the name is the document's). */
  onDownloadPdf: () => void;
  onClose: () => void;
}

/** 'Export, View or Download File': Export Q&A (.docx or .xlsx), View, Download, Download as PDF, Cancel. */
export function SubmitDialog({
  documentName,
  banner,
  onExport,
  onView,
  onDownload,
  onDownloadPdf,
  onClose,
}: SubmitDialogProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <TitledDialog open title="Export, View or Download File" onClose={onClose}>
      <DialogContent>
        <ErrorBanner banner={banner} />
        <DialogContentText>
          “{documentName}” is ready. Export the questions and answers, view the document, or download it (Word or PDF).
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
          Export Q&amp;A
        </Button>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => (setAnchor(null), onExport('docx'))}>Word (.docx)</MenuItem>
          <MenuItem onClick={() => (setAnchor(null), onExport('xlsx'))}>Excel (.xlsx)</MenuItem>
        </Menu>
        <Button onClick={onView}>View</Button>
        <Button variant="contained" onClick={onDownload}>
          Download
        </Button>
        <Button onClick={onDownloadPdf}>Download as PDF</Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </TitledDialog>
  );
}
