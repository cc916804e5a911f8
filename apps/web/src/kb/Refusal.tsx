import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { isApiError, refusalText } from '../api/client.ts';

export const NOT_FOUND_TEXT = 'This page does not exist, or it is not available to you.';

/**
 * A page the server refused. An unknown, unshared or restricted node (404: the server answers all three alike)
 * reads as not found, never as "exists but hidden"; a 403 (no licence, no knowledge role) shows the contract's
 * message. Nothing of the node is shown (no title, no breadcrumb).
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
