import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { visuallyHidden } from '../../ui/a11y.ts';
import { SHELL_OVERLAYS } from '../modules.ts';
import { PageSpinner } from '../PageSpinner.tsx';
import { SessionTimers } from '../session/SessionTimers.tsx';
import { useSession } from '../session/useSession.ts';
import { useMobile } from '../../ui/useMobile.ts';
import { SideMenu, SIDE_MENU_WIDTH } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

/** The signed-in frame (spec 01 §2 Shell): top bar, side menu (a drawer at 600 px and below), the page. */
export function Shell() {
  const session = useSession();
  const mobile = useMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!session) return null;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          ...visuallyHidden,
          '&:focus': {
            position: 'fixed',
            zIndex: 2000,
            top: 8,
            left: 8,
            width: 'auto',
            height: 'auto',
            margin: 0,
            clip: 'auto',
            p: 1,
            bgcolor: 'background.paper',
            color: 'text.primary',
          },
        }}
      >
        Skip to main content
      </Box>
      <TopBar session={session} mobile={mobile} onOpenMenu={() => setDrawerOpen(true)} />
      <SideMenu session={session} mobile={mobile} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          width: mobile ? '100%' : `calc(100% - ${SIDE_MENU_WIDTH}px)`,
          p: { xs: 2, sm: 3 },
          outline: 'none',
        }}
      >
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <SessionTimers userId={session.userId} />
      {SHELL_OVERLAYS.map((Overlay, index) => (
        <Suspense key={index} fallback={null}>
          <Overlay session={session} />
        </Suspense>
      ))}
    </Box>
  );
}
