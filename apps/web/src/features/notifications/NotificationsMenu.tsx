import { commonMessages, notificationMessages, type Notification } from '@lexdesk/contract';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { matchPath, useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { BUILT_PATHS } from '../../app/routes.ts';
import { visuallyHidden } from '../../ui/a11y.ts';
import { formatDateLong, formatDateShort } from '../../ui/dates.ts';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from './api.ts';
import { notificationTarget } from './notificationTarget.ts';
import { TopBarPopover } from '../../ui/TopBarPopover.tsx';

/** Our choice (the spec names no interval): the list refreshes every minute and whenever it is opened. */
const NOTIFICATION_REFRESH_MS = 60_000;

function initials(name: string | null): string {
  if (!name) return 'L';
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || 'L'
  );
}

/** The target's page is built (its query, such as ?task_id=, left aside). */
function isBuilt(target: string): boolean {
  const path = target.split('?')[0] ?? target;
  for (const pattern of BUILT_PATHS) if (matchPath(pattern, path)) return true;
  return false;
}

/** The bell of the top bar (spec 01 §2): unread badge, 'Notification', 'Mark all as read', 'Notification not found'. */
export function NotificationsMenu({ userId }: { userId: number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const headingId = useId();
  const key = queryKeys.notifications(userId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchNotifications(userId, signal),
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const failed = () => enqueueSnackbar(commonMessages.generic, { variant: 'error' });
  const markOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh, onError: failed });
  // The button disables itself once all is read: keep keyboard focus in the panel (Escape still closes it).
  const heading = useRef<HTMLHeadingElement>(null);
  const markAll = useMutation({
    mutationFn: () => markAllNotificationsRead(userId),
    onSuccess: () => heading.current?.focus(),
    onSettled: refresh,
    onError: failed,
  });

  const count = list.data?.count ?? 0;
  const items = list.data?.notifications ?? [];
  const images = list.data?.profile_images ?? {};

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    void refresh();
  };
  const choose = (notification: Notification) => {
    if (!notification.is_read) markOne.mutate(notification.id);
    const target = notificationTarget(notification);
    if (target && isBuilt(target)) {
      setAnchor(null);
      navigate(target);
    }
  };

  return (
    <>
      <Tooltip title={notificationMessages.title}>
        <IconButton
          color="inherit"
          aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={open}
        >
          <Badge badgeContent={count} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <TopBarPopover anchor={anchor} onClose={() => setAnchor(null)} headingId={headingId} width={380}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, gap: 1 }}>
          <Typography
            id={headingId}
            ref={heading}
            tabIndex={-1}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700, outline: 'none' }}
          >
            {notificationMessages.title}
          </Typography>
          <Button size="small" onClick={() => markAll.mutate()} disabled={count === 0 || markAll.isPending}>
            {notificationMessages.markAllRead}
          </Button>
        </Box>
        <Divider />
        {items.length === 0 ? (
          <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
            {list.isPending ? commonMessages.loading : notificationMessages.empty}
          </Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} aria-labelledby={headingId}>
            {items.map((item) => {
              const image = item.creator_id !== null ? images[String(item.creator_id)] : null;
              return (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton
                    onClick={() => choose(item)}
                    alignItems="flex-start"
                    sx={{ bgcolor: item.is_read ? undefined : 'action.hover', gap: 0.5 }}
                  >
                    <ListItemAvatar sx={{ minWidth: 48 }}>
                      <Avatar src={image ?? undefined} alt="" sx={{ width: 36, height: 36, fontSize: 14 }}>
                        {initials(item.created_by)}
                      </Avatar>
                    </ListItemAvatar>
                    <ListItemText
                      primary={
                        <>
                          {!item.is_read && (
                            <Box component="span" sx={visuallyHidden}>
                              Unread:{' '}
                            </Box>
                          )}
                          {item.text}
                        </>
                      }
                      secondary={
                        <>
                          {item.created_by ? `${item.created_by} · ` : ''}
                          <time dateTime={item.created_date} title={formatDateLong(item.created_date)}>
                            {formatDateShort(item.created_date)}
                          </time>
                        </>
                      }
                      slotProps={{
                        primary: { sx: { fontWeight: item.is_read ? 400 : 700, overflowWrap: 'anywhere' } },
                      }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </TopBarPopover>
    </>
  );
}
