import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Brand } from '../ui/Brand.tsx';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480, width: '100%', display: 'grid', gap: 2 }}>
        <Brand />
        {children}
      </Paper>
    </Box>
  );
}

export function StartingPage() {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }} role="status" aria-label="Opening Knowledge">
      <CircularProgress />
    </Box>
  );
}

/**
 * No knowledge session in this tab: the hand-over link was used or expired, the main session ended, or the
 * licence or role refuses. Knowledge opens again from Lexdesk (the menu, or /knowledge for a knowledge-only user).
 */
export function EndedPage({ message }: { message: string }) {
  useEffect(() => {
    document.title = 'Knowledge · Lexdesk';
  }, []);
  return (
    <Frame>
      <Typography variant="h1">Knowledge</Typography>
      <Alert severity="info" role="alert">
        {message}
      </Alert>
      <Box>
        <Button variant="contained" href="/">
          Go to Lexdesk
        </Button>
      </Box>
    </Frame>
  );
}
