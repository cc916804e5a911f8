import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { MfaPolicyRole as PolicyRole } from '@lexdesk/contract';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { fetchMfaPolicy, saveMfaPolicy } from './mfaApi.ts';

/** Admins and super: which roles of their organisation must use multi-factor sign-in. */
export function MfaPolicyCard() {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const banner = useErrorBanner();
  const policy = useQuery({ queryKey: queryKeys.mfaPolicy(null), queryFn: ({ signal }) => fetchMfaPolicy(signal) });
  const [roles, setRoles] = useState<PolicyRole[] | null>(null);
  const current = roles ?? policy.data?.required_roles ?? [];
  const save = useMutation({
    mutationFn: () => saveMfaPolicy(current),
    onSuccess: () => {
      enqueueSnackbar('Multi-factor policy saved.', { variant: 'success' });
      setRoles(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mfaAll });
    },
    onError: (error) => banner.show(refusalText(error)),
  });
  const toggle = (role: PolicyRole, on: boolean) =>
    setRoles(on ? [...new Set([...current, role])] : current.filter((r) => r !== role));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="mfa-policy-title">
      <Typography variant="h2" id="mfa-policy-title" sx={{ mb: 1 }}>
        Organisation sign-in policy
      </Typography>
      <ErrorBanner banner={banner} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Require multi-factor sign-in for these roles. They set up an authenticator app at their next sign-in.
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <FormControlLabel
          control={<Checkbox checked={current.includes('super')} onChange={(e) => toggle('super', e.target.checked)} />}
          label="Require for super users"
        />
        <FormControlLabel
          control={<Checkbox checked={current.includes('admin')} onChange={(e) => toggle('admin', e.target.checked)} />}
          label="Require for admins"
        />
        <FormControlLabel
          control={<Checkbox checked={current.includes('user')} onChange={(e) => toggle('user', e.target.checked)} />}
          label="Require for users"
        />
      </Box>
      <Button
        variant="contained"
        onClick={() => save.mutate()}
        disabled={save.isPending || roles === null}
        sx={{ mt: 1 }}
      >
        Save policy
      </Button>
    </Paper>
  );
}
