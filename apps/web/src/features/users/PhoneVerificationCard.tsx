import { phoneMessages } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { fetchMfaMonitoring, sendPhoneCode, verifyPhone } from './mfaApi.ts';
import { PasswordPromptDialog } from './PasswordPromptDialog.tsx';

/** Verify a mobile number by SMS, so sign-in can text a code to it. */
export function PhoneVerificationCard({ userId }: { userId: number }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const banner = useErrorBanner();
  const state = useQuery({ queryKey: queryKeys.mfaMonitoring, queryFn: ({ signal }) => fetchMfaMonitoring(signal) });
  const [phone, setPhone] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [asking, setAsking] = useState(false);
  const value = phone ?? state.data?.verified_phone ?? state.data?.phone ?? '';

  const send = useMutation({
    mutationFn: () => sendPhoneCode(value.trim()),
    onSuccess: (answer) => {
      setSent(true);
      enqueueSnackbar(answer.detail, { variant: 'success' });
    },
    onError: (error) => banner.show(refusalText(error)),
  });
  const verify = useMutation({
    mutationFn: (password: string) => verifyPhone(value.trim(), code.trim(), password),
    onSuccess: (answer) => {
      setAsking(false);
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setSent(false);
      setCode('');
      setPhone(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mfaMonitoring });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
    onError: (error) => {
      setAsking(false);
      banner.show(refusalText(error));
    },
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="phone-title">
      <Typography variant="h2" id="phone-title" sx={{ mb: 1 }}>
        Verified phone
      </Typography>
      <ErrorBanner banner={banner} />
      <Typography variant="body2" color="text.secondary">
        {state.data?.verified_phone
          ? `Sign-in codes can be texted to ${state.data.verified_phone}.`
          : 'Verify a mobile number to receive sign-in codes by SMS.'}
      </Typography>
      <TextField
        label="Mobile number"
        name="verify-phone"
        value={value}
        onChange={(event) => {
          setPhone(event.target.value);
          setSent(false);
        }}
        fullWidth
        margin="normal"
        autoComplete="tel"
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      {sent && (
        <TextField
          label="Code from the SMS"
          name="phone-code"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
          fullWidth
          margin="normal"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant={sent ? 'text' : 'outlined'}
          onClick={() => (value.trim() ? send.mutate() : banner.show(phoneMessages.phoneRequired))}
          disabled={send.isPending}
        >
          {sent ? 'Send again' : 'Send code'}
        </Button>
        {sent && (
          <Button variant="contained" onClick={() => setAsking(true)} disabled={verify.isPending || code.length !== 6}>
            Verify
          </Button>
        )}
      </Box>
      <PasswordPromptDialog
        open={asking}
        title="Save verified phone"
        text="Sign-in codes will be texted to this number. Confirm it is you first."
        confirmLabel="Save phone"
        busy={verify.isPending}
        onConfirm={(password) => verify.mutate(password)}
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}
