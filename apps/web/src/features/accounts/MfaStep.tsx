import { mfaMessages, type LoginResponse, type MfaChallengeResponse, type TotpEnrolment } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { refusalText } from '../../api/client.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { TotpSetup } from '../../ui/TotpSetup.tsx';
import { checkLoginCode, sendLoginSms, startLoginEnrolment } from './mfaLoginApi.ts';

interface MfaStepProps {
  challenge: MfaChallengeResponse;
  onSignedIn: (response: LoginResponse) => void;
  onCancel: () => void;
}

/** The second sign-in step: an authenticator code, an SMS code or a bypass code; or setting up MFA when required. */
export function MfaStep({ challenge, onSignedIn, onCancel }: MfaStepProps) {
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);

  const check = useMutation({
    mutationFn: () => checkLoginCode(challenge.mfa_token, code.trim()),
    onSuccess: onSignedIn,
    onError: (error) => banner.show(refusalText(error)),
  });
  const sms = useMutation({
    mutationFn: () => sendLoginSms(challenge.mfa_token),
    onSuccess: (sent) => enqueueSnackbar(`${sent.detail} (${sent.sent_to})`, { variant: 'success' }),
    onError: (error) => banner.show(refusalText(error)),
  });
  const enrol = useMutation({
    mutationFn: () => startLoginEnrolment(challenge.mfa_token),
    onSuccess: setEnrolment,
    onError: (error) => banner.show(refusalText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      banner.show(mfaMessages.codeRequired);
      return;
    }
    check.mutate();
  };

  const needsSetup = challenge.enrolment_required;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Verification code">
      <ErrorBanner banner={banner} />
      {needsSetup ? (
        <>
          <Typography variant="body2">{mfaMessages.enrolmentRequired}</Typography>
          {enrolment ? (
            <TotpSetup enrolment={enrolment} />
          ) : (
            <Button
              variant="outlined"
              fullWidth
              sx={{ my: 2 }}
              onClick={() => enrol.mutate()}
              disabled={enrol.isPending}
            >
              Set up authenticator app
            </Button>
          )}
        </>
      ) : (
        <Typography variant="body2">
          Enter the 6-digit code from your authenticator app for {challenge.username}, or one of your bypass codes.
        </Typography>
      )}
      <TextField
        label="Verification code"
        name="verification_code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        fullWidth
        margin="normal"
        autoFocus
        autoComplete="one-time-code"
        disabled={needsSetup && !enrolment}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters', maxLength: 20 } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={check.isPending || (needsSetup && !enrolment)}
        startIcon={check.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        Verify
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {challenge.can_send_sms ? (
          <Button onClick={() => sms.mutate()} disabled={sms.isPending}>
            Text me a code
          </Button>
        ) : (
          <span />
        )}
        <Link component="button" type="button" variant="body2" onClick={onCancel}>
          Back to Log In
        </Link>
      </Box>
    </Box>
  );
}
