import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { isApiError, refusalText } from '../api/client.ts';

export const NOT_FOUND_TEXT = 'This page does not exist, or it is not available to you.';

/**
 * A page the server refused: a restricted node (403) shows the contract's message and nothing of the node (no
 * title, no breadcrumb); an unknown or unshared one (404) reads as not found, never as "exists but hidden".
 */
export function Refusal({ error }: { error: unknown }) {
  useEffect(() => {
    document.title = 'Knowledge · Lexdesk';
  }, []);
  const text = isApiError(error, 404) ? NOT_FOUND_TEXT : refusalText(error);
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Alert severity={isApiError(error, 403) ? 'warning' : 'error'} role="alert" data-testid="kb-refusal">
        {text}
      </Alert>
    </Box>
  );
}
