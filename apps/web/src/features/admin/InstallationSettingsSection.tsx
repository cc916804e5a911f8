import { settingsMessages, type InstallationSettings } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { fetchInstallationSettings, saveInstallationSettings } from './settingsApi.ts';

/** Registration open or closed, the Bespoke contact address and the help site. */
export function InstallationSettingsSection() {
  const settings = useQuery({
    queryKey: queryKeys.installationSettings,
    queryFn: ({ signal }) => fetchInstallationSettings(signal),
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="settings-title">
      <Typography variant="h2" id="settings-title" sx={{ mb: 1 }}>
        Registration and addresses
      </Typography>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      ) : (
        <Typography color="text.secondary">Loading data...</Typography>
      )}
    </Paper>
  );
}

function SettingsForm({ saved }: { saved: InstallationSettings }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const banner = useErrorBanner();
  const [values, setValues] = useState(saved);
  const [fields, setFields] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => saveInstallationSettings(values),
    onSuccess: () => {
      enqueueSnackbar(settingsMessages.saved, { variant: 'success' });
      setFields({});
      void queryClient.invalidateQueries({ queryKey: queryKeys.installationSettings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appConfig });
    },
    onError: (error) => {
      setFields(isApiError(error) ? (error.fields ?? {}) : {});
      banner.show(refusalText(error));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Registration and addresses">
      <ErrorBanner banner={banner} />
      <FormControlLabel
        control={
          <Switch
            checked={values.registration_open}
            onChange={(event) => setValues((v) => ({ ...v, registration_open: event.target.checked }))}
            name="registration_open"
          />
        }
        label="Self-registration open (/user/register/new)"
      />
      <TextField
        label="Bespoke contact address"
        name="bespoke_contact"
        value={values.bespoke_contact}
        onChange={(event) => setValues((v) => ({ ...v, bespoke_contact: event.target.value }))}
        error={Boolean(fields.bespoke_contact)}
        helperText={
          fields.bespoke_contact ?? 'A web page (https://…) or mailto: address, for Bespoke and closed registration'
        }
        fullWidth
        margin="normal"
      />
      <TextField
        label="Help site address"
        name="help_url"
        value={values.help_url}
        onChange={(event) => setValues((v) => ({ ...v, help_url: event.target.value }))}
        error={Boolean(fields.help_url)}
        helperText={fields.help_url ?? 'Where Help in the menus leads'}
        fullWidth
        margin="normal"
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
        Save settings
      </Button>
    </Box>
  );
}
