import { adminSettingMessages, commonMessages, sendLinkBody } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { fetchOrganisations, sendLink } from './api.ts';

type Kind = 'set_password' | 'create_admin';
const KINDS: { value: Kind; label: string; help: string }[] = [
  { value: 'set_password', label: 'Set password', help: 'Sends an existing user a link to set a new password.' },
  {
    value: 'create_admin',
    label: 'Create admin',
    help: 'Invites someone to create the administrator account of an organisation.',
  },
];

/** Admin Setting → Send a link: set-password links (own organisation) and create-admin invitations, by mail. */
export function SendLinkForm() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const [kind, setKind] = useState<Kind>('set_password');
  const [email, setEmail] = useState('');
  const [organisationId, setOrganisationId] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const organisations = useQuery({
    queryKey: queryKeys.organisations,
    queryFn: ({ signal }) => fetchOrganisations(signal),
    enabled: kind === 'create_admin',
    staleTime: 60_000,
  });
  const send = useMutation({
    mutationFn: sendLink,
    onSuccess: () => {
      enqueueSnackbar(adminSettingMessages.linkSent, { variant: 'success' });
      setEmail('');
      setFieldErrors({});
      return queryClient.invalidateQueries({ queryKey: queryKeys.outboxAll });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setFieldErrors(error.fields);
      banner.show(refusalText(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      kind,
      email: email.trim(),
      ...(kind === 'create_admin' && organisationId ? { organisation_id: Number(organisationId) } : {}),
    };
    const parsed = sendLinkBody.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'email');
        errors[name] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    send.mutate(body);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 0.5 }}>
        Send a link
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {KINDS.find((entry) => entry.value === kind)?.help} The link goes to that mailbox only: the outbox below shows
        it masked. Set-password links go only to users of your own organisation.
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Send a link">
        <ErrorBanner banner={banner} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: kind === 'create_admin' ? '200px 1fr 1fr auto' : '200px 1fr auto' },
            alignItems: 'start',
            mt: 1,
          }}
        >
          <TextField
            select
            label="Kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
            size="small"
          >
            {KINDS.map((entry) => (
              <MenuItem key={entry.value} value={entry.value}>
                {entry.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            size="small"
            autoComplete="off"
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } }}
          />
          {kind === 'create_admin' && (
            <TextField
              select
              label="Organisation"
              value={organisationId}
              onChange={(event) => setOrganisationId(event.target.value)}
              size="small"
              error={Boolean(fieldErrors.organisation_id)}
              helperText={fieldErrors.organisation_id}
            >
              {(organisations.data?.data ?? []).map((organisation) => (
                <MenuItem key={organisation.id} value={String(organisation.id)}>
                  {organisation.name}
                </MenuItem>
              ))}
              {organisations.data?.data.length === 0 && (
                <MenuItem value="" disabled>
                  {commonMessages.noRecords}
                </MenuItem>
              )}
            </TextField>
          )}
          <Button type="submit" variant="contained" disabled={send.isPending} sx={{ height: 40 }}>
            Send link
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
