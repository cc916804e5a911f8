import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { OutboxSection } from './OutboxSection.tsx';
import { SendLinkForm } from './SendLinkForm.tsx';

/** /admin-setting (super only): send set-password and create-admin links, and read the outbox. */
export function AdminSettingPage() {
  useDocumentTitle('Admin Setting');
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Typography variant="h1">Admin Setting</Typography>
      <SendLinkForm />
      <OutboxSection />
    </Box>
  );
}
