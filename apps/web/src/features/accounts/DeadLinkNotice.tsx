import { passwordMessages } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import type { LoginHandoff } from './loginHandoff.ts';

export const DEAD_LINK_TEXT = 'This link has been used or has expired. Ask for a new one with Forgot password.';

/** A used or expired emailed link: say so and offer Forgot password (the sign-in page's form, email filled). */
export function DeadLinkNotice({ title, email }: { title: string; email?: string }) {
  useDocumentTitle(title);
  const forgot: LoginHandoff = { view: 'forgot', ...(email ? { email } : {}) };
  return (
    <PublicLayout title={title}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>{passwordMessages.linkExpired}</AlertTitle>
        {DEAD_LINK_TEXT}
      </Alert>
      <Stack spacing={1}>
        <Button component={RouterLink} to="/login" state={forgot} replace variant="contained" size="large">
          Forgot password
        </Button>
        <Button component={RouterLink} to="/login" replace>
          Back to sign in
        </Button>
      </Stack>
    </PublicLayout>
  );
}
