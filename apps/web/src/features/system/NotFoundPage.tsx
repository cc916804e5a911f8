import { sessionMessages } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';

/** /404: used and expired links land here (spec 01 §2). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PublicLayout title="Page not found">
      <Typography sx={{ mb: 3 }}>{sessionMessages.pageNotFound}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        A link from an email works once and for 24 hours. Ask for a new one if it has expired.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Lexdesk
      </Button>
    </PublicLayout>
  );
}
