import { mfaMessages, type TotpEnrolment } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { formatDateLong } from '../../ui/dates.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { TotpSetup } from '../../ui/TotpSetup.tsx';
import { BypassCodesDialog } from './BypassCodesDialog.tsx';
import { fetchMfaMonitoring, generateBypassCodes, toggleMfa } from './mfaApi.ts';
import { PasswordPromptDialog } from './PasswordPromptDialog.tsx';

/** What the password prompt says before each change to the second factor. */
const PROMPTS = {
  enable: {
    title: 'Set up authenticator app',
    text: 'Confirm it is you before a new authenticator is added to your sign-in.',
    confirmLabel: 'Continue',
  },
  disable: {
    title: 'Turn off multi-factor sign-in',
    text: 'Sign-in will ask only for your password again.',
    confirmLabel: 'Turn off',
  },
  codes: { title: 'New bypass codes', text: 'Your earlier bypass codes stop working.', confirmLabel: 'Create codes' },
} as const;

/** Multi-factor sign-in on the profile: set up an authenticator app, bypass codes, turn it off. */
export function MfaCard() {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const banner = useErrorBanner();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [prompt, setPrompt] = useState<'enable' | 'disable' | 'codes' | null>(null);
  const state = useQuery({ queryKey: queryKeys.mfaMonitoring, queryFn: ({ signal }) => fetchMfaMonitoring(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.mfaMonitoring });

  const start = useMutation({
    mutationFn: (password: string) => toggleMfa({ enable: true, password }),
    onSuccess: (answer) => {
      setPrompt(null);
      setEnrolment(answer.enrolment ?? null);
    },
    onError: (error) => {
      setPrompt(null);
      banner.show(refusalText(error));
    },
  });
  const confirm = useMutation({
    mutationFn: () => toggleMfa({ enable: true, verification_code: code.trim() }),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setEnrolment(null);
      setCode('');
      setCodes(answer.bypass_codes ?? null);
      refresh();
    },
    onError: (error) => banner.show(refusalText(error)),
  });
  const disable = useMutation({
    mutationFn: (password: string) => toggleMfa({ enable: false, password }),
    onSuccess: (answer) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setPrompt(null);
      refresh();
    },
    onError: (error) => {
      setPrompt(null);
      banner.show(refusalText(error));
    },
  });
  const regenerate = useMutation({
    mutationFn: (password: string) => generateBypassCodes(password),
    onSuccess: (answer) => {
      setPrompt(null);
      setCodes(answer.bypass_codes);
      refresh();
    },
    onError: (error) => {
      setPrompt(null);
      banner.show(refusalText(error));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) banner.show(mfaMessages.codeRequired);
    else confirm.mutate();
  };

  const mfa = state.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="mfa-title" component="section">
      <Typography variant="h2" id="mfa-title" sx={{ mb: 1 }}>
        Multi-factor sign-in
      </Typography>
      <ErrorBanner banner={banner} />
      {!mfa ? (
        <Typography color="text.secondary">Loading data...</Typography>
      ) : mfa.is_mfa_enabled ? (
        <Box>
          <Alert severity="success" sx={{ mb: 2 }}>
            {mfaMessages.enabled} Since {mfa.enrolled_at ? formatDateLong(mfa.enrolled_at) : '—'}.
          </Alert>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Bypass codes left: {mfa.bypass_codes_left}
          </Typography>
          {mfa.is_mfa_required && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {mfaMessages.requiredByOrganisation}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setPrompt('codes')}>
              New bypass codes
            </Button>
            {!mfa.is_mfa_required && (
              <Button color="error" onClick={() => setPrompt('disable')}>
                Turn off
              </Button>
            )}
          </Box>
        </Box>
      ) : enrolment ? (
        <Box component="form" noValidate onSubmit={submit} aria-label="Confirm authenticator">
          <TotpSetup enrolment={enrolment} />
          <TextField
            label="Code from the app"
            name="totp-code"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
            fullWidth
            margin="normal"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={confirm.isPending}>
              Turn on
            </Button>
            <Button onClick={() => setEnrolment(null)}>Cancel</Button>
          </Box>
        </Box>
      ) : (
        <Box>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {mfa.is_mfa_required ? mfaMessages.enrolmentRequired : mfaMessages.disabled} Add a code from an
            authenticator app to every sign-in.
          </Typography>
          <Button variant="contained" onClick={() => setPrompt('enable')} disabled={start.isPending}>
            Set up authenticator app
          </Button>
        </Box>
      )}
      <BypassCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <PasswordPromptDialog
        open={prompt !== null}
        title={prompt ? PROMPTS[prompt].title : ''}
        text={prompt ? PROMPTS[prompt].text : ''}
        confirmLabel={prompt ? PROMPTS[prompt].confirmLabel : ''}
        busy={start.isPending || disable.isPending || regenerate.isPending}
        onConfirm={(password) => ({ enable: start, disable, codes: regenerate })[prompt ?? 'codes'].mutate(password)}
        onClose={() => setPrompt(null)}
      />
    </Paper>
  );
}
