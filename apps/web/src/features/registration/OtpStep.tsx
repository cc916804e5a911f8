import { OTP_LENGTH, otpProblem, registrationMessages, type SignUpResponse } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { isDeadLink } from '../accounts/index.ts';
import { checkOtp, resendOtp } from './api.ts';

/** Seconds left until `expiresAt`, ticking every second (0 once passed). */
function useSecondsLeft(expiresAt: string): number {
  const left = () => Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // left() reads only expiresAt.
  }, [expiresAt]);
  return seconds;
}

interface OtpStepProps {
  started: SignUpResponse;
  onVerified: (email: string) => void;
}

/** The OTP step: 6 digits, a 10-minute countdown, at most 3 resends (spec 01 §4); a dead registration goes to /404. */
export function OtpStep({ started, onVerified }: OtpStepProps) {
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const navigate = useNavigate();
  // Spec 01 §8: 'Link expired' (a used, superseded or unknown registration) goes to /404; other errors show 4 s.
  const refused = (error: unknown) => {
    if (isDeadLink(error)) void navigate('/404', { replace: true });
    else banner.show(refusalText(error));
  };
  const [otp, setOtp] = useState({
    expiresAt: started.expires_at,
    resendsLeft: started.resends_left,
    sentTo: started.sent_to,
  });
  const [code, setCode] = useState('');
  const seconds = useSecondsLeft(otp.expiresAt);
  const expired = seconds === 0;

  const verify = useMutation({
    mutationFn: () => checkOtp(started.token, code.trim()),
    onSuccess: (done) => onVerified(done.email),
    onError: refused,
  });
  const resend = useMutation({
    mutationFn: () => resendOtp(started.token),
    onSuccess: (next) => {
      setOtp({ expiresAt: next.expires_at, resendsLeft: next.resends_left, sentTo: next.sent_to });
      setCode('');
      enqueueSnackbar(next.detail, { variant: 'success' });
    },
    onError: refused,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = otpProblem(code);
    if (problem) {
      banner.show(problem);
      return;
    }
    verify.mutate();
  };

  if (expired) {
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {registrationMessages.sessionExpired}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          Log In
        </Button>
      </Box>
    );
  }

  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Verify OTP">
      <ErrorBanner banner={banner} />
      <Typography variant="body2" sx={{ mb: 1 }}>
        {started.otp_channel === 'sms' ? registrationMessages.otpSentSms : registrationMessages.otpSentEmail} (
        {otp.sentTo})
      </Typography>
      <TextField
        label="OTP"
        name="otp"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, '').slice(0, OTP_LENGTH))}
        fullWidth
        margin="normal"
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, pattern: '[0-9]*' } }}
      />
      <Typography variant="body2" color="text.secondary" role="timer" aria-live="off" sx={{ mb: 2 }}>
        Code expires in {mm}:{ss}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={verify.isPending}
        startIcon={verify.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        Verify
      </Button>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2, flexWrap: 'wrap', gap: 1 }}
      >
        <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
          Resend OTP ({otp.resendsLeft} left)
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          Log In
        </Link>
      </Box>
    </Box>
  );
}
