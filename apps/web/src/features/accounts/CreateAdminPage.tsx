import { adminCreationProblem, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { FormProblem } from '../../ui/FormProblem.tsx';
import { createAdmin, isDeadLink, validateAdminLink } from './api.ts';
import { DeadLinkNotice } from './DeadLinkNotice.tsx';
import { useLinkPasswordSave } from './useLinkPasswordSave.ts';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import { parseAdminLinkParam } from './linkParams.ts';
import { PasswordFields } from '../../ui/PasswordFields.tsx';

const PREFIX = '/register/admin/';

/** /register/admin/email=...&token=...: the invited administrator creates their account. */
export function CreateAdminPage() {
  const { pathname } = useLocation();
  const link = pathname.startsWith(PREFIX) ? parseAdminLinkParam(pathname.slice(PREFIX.length)) : null;
  if (!link) return <Navigate to="/404" replace />;
  return <CreateAdminForm key={link.token} email={link.email} token={link.token} />;
}

function CreateAdminForm({ email, token }: { email: string; token: string }) {
  useDocumentTitle('Create admin account');
  const banner = useErrorBanner();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const check = useQuery({
    queryKey: queryKeys.adminLink(email, token),
    queryFn: () => validateAdminLink(email, token),
    retry: false,
    staleTime: Infinity,
  });

  const values = { first_name: firstName, last_name: lastName, password, confirm_password: confirm };
  const problem = adminCreationProblem(values);
  const touched = [firstName, lastName, phone, password, confirm].some((value) => value !== '');

  const { save, done, dead } = useLinkPasswordSave(
    () =>
      createAdmin({
        username: email,
        token,
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        password,
        ...(phone.trim() ? { phone: phone.trim() } : {}),
      }),
    banner,
    email,
  );

  if (dead || (check.isError && isDeadLink(check.error)))
    return <DeadLinkNotice title="Create admin account" email={email} />;
  if (check.isError) return <Navigate to="/404" replace />;
  if (!check.data) return <PageSpinner minHeight="100vh" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      banner.show(problem);
      return;
    }
    save.mutate();
  };

  return (
    <PublicLayout
      title="Create admin account"
      subtitle={`${check.data.username}${check.data.organisation ? ` · ${check.data.organisation}` : ''}`}
      maxWidth={520}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Create admin account">
        <ErrorBanner banner={banner} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextField
            label="First name"
            name="first_name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            autoComplete="given-name"
            required
            margin="normal"
            disabled={done}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
          <TextField
            label="Last name"
            name="last_name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            autoComplete="family-name"
            required
            margin="normal"
            disabled={done}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
        </Box>
        <TextField
          label="Phone (optional)"
          name="phone"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoComplete="tel"
          type="tel"
          fullWidth
          margin="normal"
          disabled={done}
          slotProps={{ htmlInput: { maxLength: PHONE_MAX_LENGTH } }}
        />
        <PasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          disabled={done}
          username={email}
        />
        <FormProblem problem={touched ? problem : null} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 1 }}
          disabled={problem !== null || save.isPending || done}
        >
          Create account
        </Button>
      </Box>
    </PublicLayout>
  );
}
