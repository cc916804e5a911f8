import { commonMessages } from '@lexdesk/contract';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { toggleTheme } from '../../features/users/index.ts';
import { setStoredDarkTheme } from '../session/storage.ts';
import { useDarkTheme } from '../session/useSession.ts';

/**
 * Light/dark toggle (spec 01 §4): posts the theme the user asks for (the opposite of what they see, which may
 * be the system's mode), then shows what the server saved; from then on the choice holds.
 */
export function ThemeToggle({ userId }: { userId: number }) {
  const dark = useDarkTheme();
  const { enqueueSnackbar } = useSnackbar();
  const toggle = useMutation({
    mutationFn: () => toggleTheme(userId, !dark),
    onSuccess: (result) => setStoredDarkTheme(result.is_dark_theme),
    onError: () => enqueueSnackbar(commonMessages.generic, { variant: 'error' }),
  });
  return (
    <Tooltip title={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
      <IconButton
        color="inherit"
        aria-label="Dark mode"
        aria-pressed={dark}
        onClick={() => toggle.mutate()}
        disabled={toggle.isPending}
      >
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
