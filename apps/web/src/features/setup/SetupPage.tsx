import {
  adminCreationMessages,
  NAME_MAX_LENGTH,
  newPasswordProblem,
  setupResponse,
  type SetupBody,
} from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { apiRequest, refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { PasswordFields } from '../../ui/PasswordFields.tsx';
import { PublicLayout } from '../../ui/PublicLayout.tsx';

function completeSetup(body: SetupBody) {
  return apiRequest('setup/', { method: 'POST', body, schema: setupResponse, forceLogoutOnAuthError: false });
}

/**
 * /setup#token: first run of an installation without demo data. The link is printed on the server's console;
 * its holder names the provider's organisation and creates the first super user.
 */
export function SetupPage() {
  useDocumentTitle('Set up Lexdesk');
  // The token rides in the fragment, which browsers never send to a server.
  const token = useLocation().hash.replace(/^#/, '');
  const banner = useErrorBanner();
  const [fields, setFields] = useState({ organisation: '', first_name: '', last_name: '', email: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const setup = useMutation({
    mutationFn: () => completeSetup({ token, ...fields, password, confirm_password: confirm }),
    onError: (error) => banner.show(refusalText(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = Object.values(fields).some((value) => !value.trim());
    const problem = blank ? adminCreationMessages.fillAll : newPasswordProblem(password, confirm);
    if (problem) banner.show(problem);
    else setup.mutate();
  };

  if (setup.data) {
    return (
      <PublicLayout title="Set up Lexdesk">
        <Alert severity="success" sx={{ mb: 2 }}>
          {setup.data.detail}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          Go to sign-in
        </Button>
      </PublicLayout>
    );
  }

  const field = (name: keyof typeof fields, label: string, autoComplete: string, type = 'text') => (
    <TextField
      label={label}
      name={name}
      type={type}
      value={fields[name]}
      onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
      autoComplete={autoComplete}
      required
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { maxLength: name === 'email' ? 254 : NAME_MAX_LENGTH } }}
    />
  );

  return (
    <PublicLayout
      title="Set up Lexdesk"
      subtitle="Name your organisation and create the first super user."
      maxWidth={520}
    >
      {!token && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Open the setup link printed on the server&apos;s console when it started.
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label="Set up Lexdesk">
        <ErrorBanner banner={banner} />
        {field('organisation', 'Organisation name', 'organization')}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {field('first_name', 'First name', 'given-name')}
          {field('last_name', 'Last name', 'family-name')}
        </Box>
        {field('email', 'Email', 'email', 'email')}
        <PasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          username={fields.email}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 1 }}
          disabled={!token || setup.isPending}
        >
          Create super user
        </Button>
      </Box>
    </PublicLayout>
  );
}
