import { forgotPasswordMessages, forgotPasswordProblem } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { forgotPassword } from './api.ts';
import { forgotErrorMessage } from './errorMessages.ts';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
}

/** The inline form that replaces the sign-in form after 'Forgot password ?'. */
export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const banner = useErrorBanner();
  const request = useMutation({
    mutationFn: () => forgotPassword(email),
    onError: (error) => banner.show(forgotErrorMessage(error)),
    onSuccess: () => banner.clear(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One outcome at a time: a new attempt drops the last one's success or error.
    request.reset();
    banner.clear();
    const problem = forgotPasswordProblem(email);
    if (problem) {
      banner.show(problem);
      return;
    }
    request.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Forgot password">
      <ErrorBanner banner={banner} />
      {request.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {forgotPasswordMessages.success} {request.data.email}
        </Alert>
      )}
      <TextField
        label="Email"
        name="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="username"
        autoFocus
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
        <Button type="button" variant="outlined" onClick={onBack} sx={{ flex: 1 }}>
          Back to Log In
        </Button>
        <Button type="submit" variant="contained" disabled={request.isPending} sx={{ flex: 1 }}>
          Send reset link
        </Button>
      </Box>
    </Box>
  );
}
