import { commonMessages, type OutboxItem } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { formatDateLong } from '../../ui/dates.ts';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { textToHtml } from '../../ui/text.ts';
import { TitledDialog } from '../../ui/TitledDialog.tsx';
import { StatusChip } from './StatusChip.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The whole message as the outbox keeps it: links and codes masked (the recipient alone receives them). */
export function OutboxMessageDialog({ item, onClose }: { item: OutboxItem | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const html = useMemo(() => (item ? textToHtml(item.body_text) : ''), [item]);
  const copy = async () => {
    if (!item) return;
    try {
      await navigator.clipboard.writeText(item.body_text);
      enqueueSnackbar(commonMessages.copied('Message'), { variant: 'success' });
    } catch {
      enqueueSnackbar(commonMessages.generic, { variant: 'error' });
    }
  };
  return (
    <TitledDialog open={item !== null} title={item?.subject} onClose={onClose} maxWidth="md">
      {item && (
        <>
          <DialogContent dividers>
            <Box component="dl" sx={{ m: 0, mb: 2 }}>
              <Row label="To">{item.to_address}</Row>
              <Row label="Channel">{item.channel}</Row>
              <Row label="Status">
                <StatusChip status={item.status} />
              </Row>
              <Row label="Created">{formatDateLong(item.created_at)}</Row>
              {item.sent_at && <Row label="Sent">{formatDateLong(item.sent_at)}</Row>}
              {item.error && <Row label="Error">{item.error}</Row>}
            </Box>
            <Divider sx={{ mb: 2 }} />
            <RichTextView html={html} data-testid="outbox-body" />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void copy()}>Copy message</Button>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </TitledDialog>
  );
}
