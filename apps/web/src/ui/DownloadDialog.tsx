import { DOWNLOAD_DIALOG_CLOSE_MS } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';

interface DownloadDialogProps {
  open: boolean;
  title?: string;
  /** 0-100. */
  progress: number;
  /** Called 1 s after progress reaches 100 (spec 01 §4), and never otherwise. */
  onDone: () => void;
}

/** Progress of a download or export, as a percentage; closes itself 1 s after completion. */
export function DownloadDialog({ open, title = 'Downloading', progress, onDone }: DownloadDialogProps) {
  const titleId = useId();
  const percent = Math.max(0, Math.min(100, Math.round(progress)));
  useEffect(() => {
    if (!open || percent < 100) return;
    const timer = setTimeout(onDone, DOWNLOAD_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, percent, onDone]);
  return (
    <Dialog open={open} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
            aria-label={`${title} progress`}
          />
          <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }} aria-live="polite">
            {percent}%
          </Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
