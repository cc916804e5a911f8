import { KNOWLEDGE_ROLE_LABELS, type KnowledgeMe } from '@lexdesk/contract';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SecurityIcon from '@mui/icons-material/SecurityOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { Brand } from '../ui/Brand.tsx';
import { useMobile } from '../ui/useMobile.ts';
import { StartingPage } from './EndedPage.tsx';
import { KbSearchBox } from './KbSearchBox.tsx';
import { MeContext } from './me.ts';
import { Tree } from './Tree.tsx';

const TREE_WIDTH = 300;

/** The knowledge tab's frame: a top bar (search, who is signed in, admin pages), the tree at the left, the page. */
export function KbLayout({ me }: { me: KnowledgeMe }) {
  const mobile = useMobile();
  const [open, setOpen] = useState(false);
  const tree = (
    <Box component="nav" aria-label="Knowledge tree" sx={{ overflowY: 'auto', flex: 1, py: 1 }}>
      <Tree onNavigate={() => setOpen(false)} />
    </Box>
  );
  return (
    <MeContext.Provider value={me}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 } }}>
            {mobile && (
              <IconButton color="inherit" edge="start" aria-label="Open the tree" onClick={() => setOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Box
              component={RouterLink}
              to="/"
              aria-label="Knowledge home"
              sx={{ color: 'inherit', textDecoration: 'none', display: 'flex', alignItems: 'center', gap: 1 }}
            >
              <Brand compact />
              {!mobile && (
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  Knowledge
                </Typography>
              )}
            </Box>
            <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
              <KbSearchBox />
            </Box>
            {me.can_manage_access && !mobile && (
              <>
                <Button color="inherit" component={RouterLink} to="/access" startIcon={<SecurityIcon />}>
                  Access
                </Button>
                <Button color="inherit" component={RouterLink} to="/api-keys" startIcon={<KeyIcon />}>
                  API keys
                </Button>
              </>
            )}
            {!mobile && (
              <Box sx={{ textAlign: 'right', minWidth: 0 }} data-testid="kb-user">
                <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 220 }}>
                  {me.name || me.username}
                </Typography>
                <Typography variant="caption" noWrap component="div">
                  {KNOWLEDGE_ROLE_LABELS[me.knowledge_role]} · {me.organisation}
                </Typography>
              </Box>
            )}
          </Toolbar>
        </AppBar>
        {mobile ? (
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: { width: TREE_WIDTH, maxWidth: '85vw' } } }}
          >
            <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {me.name || me.username}
              </Typography>
              <Typography variant="caption">
                {KNOWLEDGE_ROLE_LABELS[me.knowledge_role]} · {me.organisation}
              </Typography>
              {me.can_manage_access && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button size="small" component={RouterLink} to="/access" onClick={() => setOpen(false)}>
                    Access
                  </Button>
                  <Button size="small" component={RouterLink} to="/api-keys" onClick={() => setOpen(false)}>
                    API keys
                  </Button>
                </Box>
              )}
            </Box>
            {tree}
          </Drawer>
        ) : (
          <Drawer
            variant="permanent"
            sx={{ width: TREE_WIDTH, flexShrink: 0 }}
            slotProps={{ paper: { sx: { width: TREE_WIDTH, boxSizing: 'border-box' } } }}
          >
            <Toolbar />
            {tree}
          </Drawer>
        )}
        <Box
          component="main"
          id="main-content"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            p: { xs: 2, sm: 3 },
            width: mobile ? '100%' : `calc(100% - ${TREE_WIDTH}px)`,
          }}
        >
          <Toolbar />
          <Suspense fallback={<StartingPage />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </MeContext.Provider>
  );
}
