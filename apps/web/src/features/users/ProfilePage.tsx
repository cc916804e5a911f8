import { commonMessages, sessionMessages, type UserProfileResponse } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { fetchProfile } from './api.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { SignInSecuritySection } from './SignInSecuritySection.tsx';

function NotFoundState() {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h1" sx={{ mb: 1 }}>
        {sessionMessages.notFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {sessionMessages.pageNotFound}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to Lexdesk
      </Button>
    </Paper>
  );
}

/** /user/profile/{id}: one's own name, phone, picture and password. Anyone else's id is not found. */
export function ProfilePage() {
  useDocumentTitle('Profile Setting');
  const session = useRequiredSession();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const profile = useQuery({
    queryKey: queryKeys.profile(id),
    queryFn: ({ signal }) => fetchProfile(id, signal),
    enabled: valid,
  });

  if (!valid || isApiError(profile.error, 404) || isApiError(profile.error, 400)) return <NotFoundState />;
  if (profile.isError) {
    return (
      <Typography role="alert" color="error">
        {commonMessages.generic}
      </Typography>
    );
  }
  if (!profile.data) return <PageSpinner />;
  const own = profile.data.id === session.userId;
  return <ProfileContent profile={profile.data} own={own} />;
}

function ProfileContent({ profile, own }: { profile: UserProfileResponse; own: boolean }) {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Profile Setting
      </Typography>
      <ProfileHeader profile={profile} editable={own} />
      {own && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            gap: 3,
            mt: 3,
            alignItems: 'start',
          }}
        >
          <ProfileDetailsForm profile={profile} />
          <ChangePasswordForm userId={profile.id} username={profile.username} />
        </Box>
      )}
      {own && <SignInSecuritySection userId={profile.id} />}
    </Box>
  );
}
