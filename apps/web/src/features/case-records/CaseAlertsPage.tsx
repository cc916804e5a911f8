import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { AlertsList } from './AlertsList.tsx';

/** /case-alerts: every alert of the organisation's cases. */
export function CaseAlertsPage() {
  useDocumentTitle('Case alerts');
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box>
        <Typography variant="h1">Case alerts</Typography>
        <Typography variant="body2" color="text.secondary">
          Deadlines, hearings and reminders on your cases. Due alerts also appear when you sign in.
        </Typography>
      </Box>
      <AlertsList />
    </Box>
  );
}
