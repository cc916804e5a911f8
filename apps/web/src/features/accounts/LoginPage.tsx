import { loginMessages, loginProblem, type LoginResponse, type MfaChallengeResponse } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInLanding } from '../../app/routes.ts';
import { takeLogoutNotice } from '../../app/session/logout.ts';
import { getRememberedEmail, readSession, saveLogin, setRememberedEmail } from '../../app/session/storage.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TokenSignInDialog } from './TokenSignInDialog.tsx';
import { isChallenge, loginOrChallenge } from './mfaLoginApi.ts';
import { MfaStep } from './MfaStep.tsx';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../app/useAppConfig.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import { loginErrorMessage } from './errorMessages.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { readLoginHandoff } from './loginHandoff.ts';

/** /login and /login/redirect/*: sign-in, forgot password, and token sign-in from ?token=&id= (a one-time code). */
export function LoginPage() {
  // A set/reset link page may hand over the email (after saving) or open Forgot password (a dead link).
  const handoff = readLoginHandoff(useLocation().state);
  const [view, setView] = useState<'login' | 'forgot'>(handoff.view ?? 'login');
  useDocumentTitle(view === 'login' ? 'Log In' : 'Forgot password');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const remembered = getRememberedEmail();
  const [username, setUsername] = useState(handoff.email ?? remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [notice] = useState(takeLogoutNotice);
  const [challenge, setChallenge] = useState<MfaChallengeResponse | null>(null);
  const config = useAppConfig();
  const banner = useErrorBanner();

  const signedIn = (response: LoginResponse) => {
    saveLogin(response);
    enqueueSnackbar(loginMessages.success, { variant: 'success' });
    const session = readSession();
    // The usual landing page, or the playbook link opened before signing in (the stored playbook token).
    navigate(session ? signInLanding(session) : '/', { replace: true });
  };

  const passwordLogin = useMutation({
    mutationFn: () => loginOrChallenge(username, password, remember),
    onSuccess: (response) => {
      setRememberedEmail(remember ? username.trim() : null);
      // With MFA on or required, no session yet: the second step asks for a code.
      if (isChallenge(response)) {
        setPassword('');
        setChallenge(response);
      } else signedIn(response);
    },
    onError: (error) => banner.show(loginErrorMessage(error)),
  });

  const redirecting = Boolean(linkToken);
  const leaveTokenSignIn = (failed: boolean) => {
    navigate({ search: '' }, { replace: true });
    if (failed) banner.show(loginMessages.network);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = loginProblem(username, password);
    if (problem) {
      banner.show(problem);
      return;
    }
    passwordLogin.mutate();
  };

  return (
    <PublicLayout title={challenge ? 'Verification code' : view === 'login' ? 'Log In' : 'Forgot password'}>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {challenge ? (
        <MfaStep challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />
      ) : view === 'forgot' ? (
        <ForgotPasswordForm initialEmail={username} onBack={() => setView('login')} />
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Log In">
          <ErrorBanner banner={banner} />
          <TextField
            label="Email"
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            autoFocus={!username}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } }}
          />
          <PasswordField
            label="Password"
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            autoFocus={Boolean(handoff.email ?? remembered)}
            fullWidth
            margin="normal"
          />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', my: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
              label="Remember me"
            />
            <Link component="button" type="button" variant="body2" onClick={() => setView('forgot')}>
              Forgot password ?
            </Link>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={passwordLogin.isPending || redirecting}
            startIcon={passwordLogin.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Log In
          </Button>
          {config?.registration_open && (
            <Box sx={{ mt: 2, textAlign: 'center' }}>
              <Link component={RouterLink} to="/user/register/new" variant="body2">
                New firm? Sign Up
              </Link>
            </Box>
          )}
        </Box>
      )}
      {linkToken && (
        <TokenSignInDialog
          key={linkToken}
          token={linkToken}
          onSignedIn={signedIn}
          onFailed={() => leaveTokenSignIn(true)}
          onCancel={() => leaveTokenSignIn(false)}
        />
      )}
    </PublicLayout>
  );
}
