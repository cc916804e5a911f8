import { LOGIN_REDIRECT_MS, sessionMessages } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';

/** /redirect: a spinner and the spec's message, then the landing page (or /login when signed out). */
export function RedirectPage() {
  useDocumentTitle('Redirecting');
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 3, p: 3 }}
    >
      <CircularProgress aria-hidden />
      <Box role="status">
        <Typography component="h1" variant="h2" sx={{ textAlign: 'center' }}>
          {sessionMessages.redirecting}
        </Typography>
      </Box>
    </Box>
  );
}
