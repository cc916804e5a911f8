import { newPasswordProblem, passwordMessages, passwordStrength, STRONGEST_LEVEL } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { refusalText } from '../../api/client.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { PasswordFields } from '../../ui/PasswordFields.tsx';
import { changePassword } from './api.ts';

/** Change one's password (current, new, confirm); the server then signs out every other session. */
export function ChangePasswordForm({ userId, username }: { userId: number; username: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const save = useMutation({
    mutationFn: () =>
      changePassword(userId, { current_password: current, new_password: password, confirm_password: confirm }),
    onSuccess: () => {
      enqueueSnackbar(passwordMessages.changed, { variant: 'success' });
      setCurrent('');
      setPassword('');
      setConfirm('');
    },
    onError: (error) => banner.show(refusalText(error)),
  });
  const strong = passwordStrength(password).id >= STRONGEST_LEVEL;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = current ? newPasswordProblem(password, confirm) : passwordMessages.currentWrong;
    if (problem) {
      banner.show(problem);
      return;
    }
    save.mutate();
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Change password
      </Typography>
      <Box component="form" noValidate aria-label="Change password" onSubmit={submit}>
        <ErrorBanner banner={banner} />
        <PasswordField
          label="Current password"
          name="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          autoComplete="current-password"
          fullWidth
          margin="normal"
        />
        <PasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          passwordLabel="New password"
          username={username}
        />
        <FormProblem problem={password ? newPasswordProblem(password, confirm || undefined) : null} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" disabled={!strong || !current || save.isPending}>
            Change password
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
