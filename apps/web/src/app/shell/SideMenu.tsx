import { menuFor, type MenuItem } from '@lexdesk/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { useSnackbar } from 'notistack';
import type { ElementType } from 'react';
import { refusalText } from '../../api/client.ts';
import { openKnowledgeTab } from '../../features/knowledge/index.ts';
import { Link as RouterLink, useLocation } from 'react-router';
import { Brand } from '../../ui/Brand.tsx';
import { MENU_ICONS } from '../modules.ts';
import { builtMenu, isMenuItemActive } from '../routes.ts';
import { logout } from '../session/logout.ts';
import type { Session } from '../session/storage.ts';
import { useAppConfig } from '../useAppConfig.ts';

export const SIDE_MENU_WIDTH = 232;

/** Icons by menu key: the shell's own (help), then each module's (`menuIcons` in its declaration). */
const ICONS: Readonly<Record<string, ElementType>> = { help: HelpIcon, ...MENU_ICONS };

interface SideMenuProps {
  session: Session;
  mobile: boolean;
  open: boolean;
  onClose: () => void;
}

function MenuEntry({
  item,
  helpUrl,
  onNavigate,
  depth,
}: {
  item: MenuItem;
  helpUrl?: string;
  onNavigate: () => void;
  depth: number;
}) {
  const { pathname } = useLocation();
  const Icon = ICONS[item.key];
  const icon = (
    <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{Icon ? <Icon /> : <ChevronRightIcon />}</ListItemIcon>
  );
  const sx = { pl: 2 + depth * 2, borderRadius: 1, mx: 1, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } };
  if (item.children) {
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <List
          dense
          disablePadding
          subheader={
            <ListSubheader component="li" sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
              {item.label}
            </ListSubheader>
          }
        >
          {item.children.map((child) => (
            <MenuEntry key={child.key} item={child} helpUrl={helpUrl} onNavigate={onNavigate} depth={depth + 1} />
          ))}
        </List>
      </ListItem>
    );
  }
  if (item.external === 'help') {
    return (
      <ListItem disablePadding>
        <ListItemButton
          component="a"
          href={helpUrl ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onNavigate}
          sx={sx}
        >
          {icon}
          <ListItemText primary={item.label} />
        </ListItemButton>
      </ListItem>
    );
  }
  if (item.external === 'knowledge') return <KnowledgeEntry item={item} icon={icon} sx={sx} onNavigate={onNavigate} />;
  if (!item.path) return null;
  // Highlighted on its own page and on the pages that declare they belong to it (`menuKey` of their route).
  const active = isMenuItemActive(item, pathname);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.path}
        onClick={onNavigate}
        sx={sx}
        className={active ? 'active' : undefined}
        aria-current={active ? 'page' : undefined}
      >
        {icon}
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * Knowledge (spec 01 §2): a new tab through the hand-over. A link to the knowledge application, so it reads and
 * middle-clicks as one (a tab opened so uses the token another knowledge tab keeps); a click runs the hand-over.
 */
function KnowledgeEntry({
  item,
  icon,
  sx,
  onNavigate,
}: {
  item: MenuItem;
  icon: React.ReactNode;
  sx: object;
  onNavigate: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <ListItem disablePadding>
      <ListItemButton
        component="a"
        href="/kb/"
        target="_blank"
        rel="noopener"
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          onNavigate();
          openKnowledgeTab().catch((error: unknown) => enqueueSnackbar(refusalText(error), { variant: 'error' }));
        }}
        sx={sx}
      >
        {icon}
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

/** The side menu of spec 01 §2, computed from the role, plan and module flags; logout at the bottom. */
export function SideMenu({ session, mobile, open, onClose }: SideMenuProps) {
  const config = useAppConfig();
  const items = builtMenu(menuFor(session));
  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ display: mobile ? 'flex' : 'block' }}>{mobile && <Brand compact />}</Toolbar>
      <Box component="nav" aria-label="Main menu" sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        <List dense>
          {items.map((item) => (
            <MenuEntry key={item.key} item={item} helpUrl={config?.help_url} onNavigate={onClose} depth={0} />
          ))}
        </List>
      </Box>
      <Divider />
      <List dense>
        <ListItem disablePadding>
          <ListItemButton onClick={() => void logout()} sx={{ borderRadius: 1, mx: 1 }}>
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: SIDE_MENU_WIDTH }, 'aria-label': 'Menu' } as object }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{ width: SIDE_MENU_WIDTH, flexShrink: 0 }}
      slotProps={{ paper: { sx: { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' } } }}
    >
      {content}
    </Drawer>
  );
}
