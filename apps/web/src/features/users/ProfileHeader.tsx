import { commonMessages, profileMessages, type UserProfileResponse } from '@lexdesk/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import UploadIcon from '@mui/icons-material/UploadOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useRef, useState, type ChangeEvent } from 'react';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { ErrorBanner, useErrorBanner } from '../../ui/ErrorBanner.tsx';
import { deleteProfileImage, uploadProfileImage } from './api.ts';
import { PROFILE_IMAGE_TYPES, profileImageProblem } from './profileImage.ts';

const ROLE_LABELS = { super: 'Super user', admin: 'Admin', user: 'User' } as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Picture, name and account facts; upload and remove the picture when it is one's own. */
export function ProfileHeader({ profile, editable }: { profile: UserProfileResponse; editable: boolean }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const banner = useErrorBanner();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.user(profile.id) });
  const failure = (error: unknown) =>
    banner.show(isApiError(error, 413) ? profileMessages.imageSize : refusalText(error));

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfileImage(profile.id, file, setProgress),
    onSuccess: () => {
      enqueueSnackbar(profileMessages.imageSaved, { variant: 'success' });
      return refresh();
    },
    onError: failure,
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: () => deleteProfileImage(profile.id),
    onSuccess: () => {
      setConfirming(false);
      enqueueSnackbar(commonMessages.deleted('Profile image'), { variant: 'success' });
      return refresh();
    },
    onError: (error) => {
      setConfirming(false);
      failure(error);
    },
  });

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      banner.show(problem);
      return;
    }
    setProgress(0);
    upload.mutate(file);
  };

  const fullName = `${profile.first_name} ${profile.last_name}`.trim() || profile.username;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <ErrorBanner banner={banner} />
      <Box
        sx={{
          display: 'flex',
          gap: 3,
          alignItems: { xs: 'flex-start', md: 'center' },
          flexDirection: { xs: 'column', md: 'row' },
        }}
      >
        <Box sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, alignItems: 'center', flex: 1, minWidth: 0, width: '100%' }}>
          <Avatar
            src={profile.profile_image ?? undefined}
            alt={profile.profile_image ? `Profile image of ${fullName}` : undefined}
            sx={{ width: { xs: 72, sm: 96 }, height: { xs: 72, sm: 96 }, fontSize: 36, flexShrink: 0 }}
          >
            {fullName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {fullName}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {profile.username}
            </Typography>
            <Chip size="small" label={ROLE_LABELS[profile.role]} sx={{ mt: 1 }} />
            {editable && (
              <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
                <input
                  ref={input}
                  type="file"
                  accept={PROFILE_IMAGE_TYPES.join(',')}
                  hidden
                  onChange={chosen}
                  aria-label="Profile image file"
                  data-testid="profile-image-input"
                />
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<UploadIcon />}
                  onClick={() => input.current?.click()}
                  disabled={upload.isPending}
                >
                  Upload image
                </Button>
                {profile.profile_image && (
                  <Button
                    variant="outlined"
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setConfirming(true)}
                    disabled={remove.isPending || upload.isPending}
                  >
                    Remove image
                  </Button>
                )}
              </Box>
            )}
            {progress !== null && (
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label="Uploading profile image"
                sx={{ mt: 1.5, maxWidth: 280 }}
              />
            )}
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, auto)', md: '1fr 1fr' },
            gap: 2,
            m: 0,
            width: { xs: '100%', md: 'auto' },
            minWidth: { md: 320 },
          }}
        >
          <Fact label="Organisation" value={profile.organisation} />
          <Fact label="Current plan" value={profile.current_plan} />
          <Fact
            label="Plan validity"
            value={profile.plan_validity === null ? 'No end date' : `${profile.plan_validity} days`}
          />
          <Fact label="Member since" value={formatDateShort(profile.date_joined)} />
        </Box>
      </Box>
      <ConfirmDialog
        open={confirming}
        item="profile image"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
