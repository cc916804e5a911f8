import { newPasswordProblem, passwordStrength, STRONGEST_LEVEL } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { isDeadLink, setPasswordWithLink, validatePasswordLink } from './api.ts';
import { DeadLinkNotice } from './DeadLinkNotice.tsx';
import { useLinkPasswordSave } from './useLinkPasswordSave.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import { tokenFromSegment } from './linkParams.ts';
import { PasswordFields } from '../../ui/PasswordFields.tsx';

/** Set password (/{username}/token=...) and reset password (/user/password/new/{username}/token=...). */
export function SetPasswordPage({ mode }: { mode: 'set' | 'reset' }) {
  const params = useParams();
  const token =
    tokenFromSegment(params.token) ?? (mode === 'reset' && params.token ? params.token.trim() || null : null);
  if (!token) return <Navigate to="/login" replace />;
  // The link's own path carries the email: a dead link can still fill the forgot-password form with it.
  const linkEmail = params.username?.includes('@') ? params.username : undefined;
  return <SetPasswordForm key={token} mode={mode} token={token} linkEmail={linkEmail} />;
}

interface SetPasswordFormProps {
  mode: 'set' | 'reset';
  token: string;
  linkEmail: string | undefined;
}

function SetPasswordForm({ mode, token, linkEmail }: SetPasswordFormProps) {
  const title = mode === 'set' ? 'Set password' : 'Reset password';
  useDocumentTitle(title);
  const banner = useErrorBanner();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const link = useQuery({
    queryKey: queryKeys.passwordLink(token),
    queryFn: () => validatePasswordLink(token),
    retry: false,
    staleTime: Infinity,
  });

  const email = link.data?.username ?? linkEmail;
  const { save, done, dead } = useLinkPasswordSave(() => setPasswordWithLink(token, password), banner, email);

  if (dead || (link.isError && isDeadLink(link.error))) return <DeadLinkNotice title={title} email={email} />;
  if (link.isError) return <Navigate to="/404" replace />;
  if (!link.data) return <PageSpinner minHeight="100vh" />;

  const strong = passwordStrength(password).id >= STRONGEST_LEVEL;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      banner.show(problem);
      return;
    }
    save.mutate();
  };

  return (
    <PublicLayout
      title={title}
      subtitle={`For ${link.data.username}${link.data.organisation ? ` · ${link.data.organisation}` : ''}`}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <ErrorBanner banner={banner} />
        <PasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          disabled={done}
          username={link.data.username}
        />
        <FormProblem problem={password ? newPasswordProblem(password, confirm || undefined) : null} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 1 }}
          disabled={!strong || save.isPending || done}
        >
          {title}
        </Button>
      </Box>
    </PublicLayout>
  );
}
