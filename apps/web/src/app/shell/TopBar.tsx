import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { NotificationsMenu } from '../../features/notifications/index.ts';
import { Brand } from '../../ui/Brand.tsx';
import { TOP_BAR_ITEMS } from '../modules.ts';
import type { Session } from '../session/storage.ts';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

interface TopBarProps {
  session: Session;
  mobile: boolean;
  onOpenMenu: () => void;
}

/**
 * Organisation, plan, the modules' controls (the task timer), notifications, theme and profile (spec 01 §2);
 * condensed to icons at 600 px.
 */
export function TopBar({ session, mobile, onOpenMenu }: TopBarProps) {
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 } }}>
        {mobile && (
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={onOpenMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Brand compact />
        {!mobile && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, ml: 2, minWidth: 0 }}>
            <Typography
              component="span"
              noWrap
              sx={{ fontWeight: 600, maxWidth: 320 }}
              title={session.organisation}
              data-testid="organisation-name"
            >
              {session.organisation}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              label={`${session.plan} plan`}
              data-testid="current-plan"
              sx={{ color: 'inherit', borderColor: 'currentColor' }}
            />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {TOP_BAR_ITEMS.map((Item, index) => (
          <Suspense key={index} fallback={null}>
            <Item session={session} mobile={mobile} />
          </Suspense>
        ))}
        <NotificationsMenu userId={session.userId} />
        <ThemeToggle userId={session.userId} />
        <ProfileMenu session={session} />
      </Toolbar>
    </AppBar>
  );
}
