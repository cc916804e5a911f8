import { loginMessages, tokenSignInCheckResponse, type LoginResponse } from '@lexdesk/contract';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { apiRequest } from '../../api/client.ts';
import { readSession } from '../../app/session/storage.ts';
import { tokenSignIn } from './api.ts';

function whoseCode(token: string) {
  return apiRequest('user-detail/token/check/', {
    method: 'POST',
    body: { token },
    schema: tokenSignInCheckResponse,
    forceLogoutOnAuthError: false,
  });
}

/**
 * Token sign-in from /login?token=: the one-time code is only used once the person confirms whom it signs them
 * in as, so a crafted link cannot silently swap their session for someone else's (login CSRF).
 */
export function TokenSignInDialog({
  token,
  onSignedIn,
  onFailed,
  onCancel,
}: {
  token: string;
  onSignedIn: (response: LoginResponse) => void;
  onFailed: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const check = useQuery({ queryKey: queryKeys.tokenSignIn(token), queryFn: () => whoseCode(token), retry: false });
  const exchange = useMutation({ mutationFn: () => tokenSignIn(token), onSuccess: onSignedIn, onError: onFailed });
  useEffect(() => {
    if (check.isError) onFailed();
    // Reported once per failed check.
  }, [check.isError]);

  if (check.isPending || exchange.isPending || exchange.isSuccess) {
    return (
      <Dialog open aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{loginMessages.redirected}</DialogTitle>
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', pb: 3 }}>
          <CircularProgress aria-label={loginMessages.redirected} />
        </DialogContent>
      </Dialog>
    );
  }
  if (!check.data) return null;
  const current = readSession()?.username;
  const username = check.data.username;
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Sign in as {username}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {current && current !== username
            ? `You are signed in as ${current}. Continuing signs you in as ${username} instead.`
            : `This link signs you in to Lexdesk as ${username}. Continue only if you asked for it.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => exchange.mutate()} autoFocus>
          Sign in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
