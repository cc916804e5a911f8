import { zodResolver } from '@hookform/resolvers/zod';
import {
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  profileMessages,
  profileUpdateBody,
  type UserProfileResponse,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { updateProfile } from './api.ts';

/** First name, last name and phone of one's own profile (PUT user/profile/{id}/). */
export function ProfileDetailsForm({ profile }: { profile: UserProfileResponse }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const form = useForm({
    resolver: zodResolver(profileUpdateBody),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone },
  });
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    mutationFn: (values: { first_name: string; last_name: string; phone: string }) => updateProfile(profile.id, values),
    onSuccess: (saved) => {
      enqueueSnackbar(profileMessages.saved, { variant: 'success' });
      form.reset({ first_name: saved.first_name, last_name: saved.last_name, phone: saved.phone });
      queryClient.setQueryData(queryKeys.profile(profile.id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.user(profile.id) });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name === 'first_name' || name === 'last_name' || name === 'phone') form.setError(name, { message });
        }
      }
      banner.show(refusalText(error));
    },
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Personal details
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Personal details"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <ErrorBanner banner={banner} />
        <TextField
          label="Email"
          value={profile.username}
          fullWidth
          margin="normal"
          helperText="Your email is your sign-in name."
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          {...form.register('first_name')}
          label="First name"
          autoComplete="given-name"
          fullWidth
          margin="normal"
          error={Boolean(errors.first_name)}
          helperText={errors.first_name?.message}
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
        />
        <TextField
          {...form.register('last_name')}
          label="Last name"
          autoComplete="family-name"
          fullWidth
          margin="normal"
          error={Boolean(errors.last_name)}
          helperText={errors.last_name?.message}
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
        />
        <TextField
          {...form.register('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
          fullWidth
          margin="normal"
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message}
          slotProps={{ htmlInput: { maxLength: PHONE_MAX_LENGTH } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={!isDirty || save.isPending}>
            Save changes
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
