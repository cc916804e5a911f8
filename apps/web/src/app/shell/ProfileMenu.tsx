import { ADMIN_SETTING_ROLES } from '@lexdesk/contract';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchUserDetail } from '../../features/users/index.ts';
import { logout } from '../session/logout.ts';
import type { Session } from '../session/storage.ts';
import { useAppConfig } from '../useAppConfig.ts';

const ROLE_LABELS = { super: 'Super user', admin: 'Admin', user: 'User' } as const;

/** The profile menu of spec 01 §2: role, name, username, Profile Setting, Admin Setting (super), Help, Logout. */
export function ProfileMenu({ session }: { session: Session }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const config = useAppConfig();
  const detail = useQuery({
    queryKey: queryKeys.userDetail(session.userId),
    queryFn: ({ signal }) => fetchUserDetail(session.userId, signal),
  });
  const name = detail.data ? `${detail.data.first_name} ${detail.data.last_name}`.trim() : '';
  const close = () => setAnchor(null);
  const initials = (name || session.username).slice(0, 1).toUpperCase();

  return (
    <>
      <Tooltip title="Profile menu">
        <IconButton
          color="inherit"
          aria-label="Profile menu"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <Avatar src={detail.data?.profile_image ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 15 }}>
            {initials}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box component="li" role="none" sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Chip size="small" label={ROLE_LABELS[session.role]} sx={{ mb: 1 }} data-testid="profile-role" />
          {name && (
            <Typography sx={{ fontWeight: 700 }} data-testid="profile-name">
              {name}
            </Typography>
          )}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="profile-username"
          >
            {session.username}
          </Typography>
        </Box>
        <Divider component="li" role="separator" />
        <MenuItem component={RouterLink} to={`/user/profile/${session.userId}`} onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile Setting
        </MenuItem>
        {ADMIN_SETTING_ROLES.includes(session.role) && (
          <MenuItem component={RouterLink} to="/admin-setting" onClick={close}>
            <ListItemIcon>
              <AdminIcon fontSize="small" />
            </ListItemIcon>
            Admin Setting
          </MenuItem>
        )}
        <MenuItem
          component="a"
          href={config?.help_url ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          <ListItemIcon>
            <HelpIcon fontSize="small" />
          </ListItemIcon>
          Help
        </MenuItem>
        <Divider component="li" role="separator" />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
