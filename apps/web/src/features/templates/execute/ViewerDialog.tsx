import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useEffect, useRef, useState } from 'react';
import { refusalText } from '../../../api/client.ts';
import { downloadFile } from '../../../api/downloadFile.ts';
import { TitledDialog } from '../../../ui/TitledDialog.tsx';
import { apiPath } from '../api.ts';

/** Document viewer: the document name, and the generated .docx rendered in the page (docx-preview, loaded lazily). */
export function ViewerDialog({ name, filePath, onClose }: { name: string; filePath: string; onClose: () => void }) {
  const container = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const [{ blob }, preview] = await Promise.all([downloadFile(apiPath(filePath)), import('docx-preview')]);
        if (cancelled || !container.current) return;
        await preview.renderAsync(blob, container.current, undefined, {
          inWrapper: true,
          ignoreLastRenderedPageBreak: true,
        });
        if (!cancelled) setState('ready');
      } catch (error) {
        if (!cancelled) setState(refusalText(error));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [filePath]);
  return (
    <TitledDialog open title={name} onClose={onClose} maxWidth="lg">
      <DialogContent dividers sx={{ p: 0, bgcolor: 'grey.300', minHeight: 300 }}>
        {state === 'loading' && (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading document" />
          </Box>
        )}
        {state !== 'loading' && state !== 'ready' && (
          <Alert severity="error" sx={{ m: 2 }}>
            {state}
          </Alert>
        )}
        <Box
          ref={container}
          data-testid="document-viewer"
          sx={{ overflowX: 'auto', color: '#000', '& .docx-wrapper': { p: 2 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </TitledDialog>
  );
}
