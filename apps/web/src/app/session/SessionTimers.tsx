import {
  IDLE_CHECK_MS,
  IDLE_LOGOUT_SECONDS,
  PERMISSION_POLL_MS,
  sessionMessages,
  TOKEN_PRESENCE_CHECK_MS,
} from '@lexdesk/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, useState } from 'react';
import { fetchPermissionMonitoring } from '../../features/users/index.ts';
import { liveKnowledgeTabs, writeKnowledgeToken } from '../../ui/knowledgeTabs.ts';
import { logout } from './logout.ts';
import { permissionsDiffer } from './permissions.ts';
import {
  getLastActivity,
  getStoredDarkTheme,
  getToken,
  readSession,
  savePermissions,
  setStoredDarkTheme,
  themeWriteCount,
  touchActivity,
} from './storage.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Activity is written to storage at most this often; far below the 40 s check. */
const ACTIVITY_WRITE_MS = 5_000;

/** Permission polling every 10 s (spec 01 §4); returns true once a change was found and saved. */
function usePermissionPolling(userId: number): boolean {
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (changed) return;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const themeWritesBefore = themeWriteCount();
        const polled = await fetchPermissionMonitoring(userId, controller.signal);
        const chosen = polled.theme_chosen ? polled.is_dark_theme : null;
        if (themeWriteCount() === themeWritesBefore && chosen !== getStoredDarkTheme()) setStoredDarkTheme(chosen);
        // Spec 01 §4: without knowledge access the stored knowledge token goes (its tabs then show they ended).
        if (!polled.knowledge_access) writeKnowledgeToken(null);
        const session = readSession();
        if (session && permissionsDiffer(session, polled)) {
          savePermissions(polled);
          setChanged(true);
        }
      } catch (error) {
        // Spec 01 §8: polling errors are only logged (401/403 already forced a logout in the client).
        if (!controller.signal.aborted) console.warn('Permission polling failed', error);
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), PERMISSION_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [userId, changed]);
  return changed;
}

/** Token presence every 7 s: when another tab (or anything) removed it, reload into the signed-out app. */
function useTokenPresence(): void {
  useEffect(() => {
    const timer = setInterval(() => {
      if (!getToken()) window.location.reload();
    }, TOKEN_PRESENCE_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
}

/**
 * Idle logout after 3600 s without mouse, keyboard or touch activity in any tab, checked every 40 s; an open
 * knowledge tab counts as activity.
 */
function useIdleLogout(): void {
  const lastWrite = useRef(0);
  useEffect(() => {
    // Idle time counts from when this page opened, so a remembered session survives a closed browser.
    touchActivity();
    lastWrite.current = Date.now();
    let pointer = '';
    const record = (event: Event) => {
      // Browsers send mousemove without a move when the page changes under a resting pointer: not activity.
      if (event instanceof MouseEvent && event.type === 'mousemove') {
        const at = `${event.screenX},${event.screenY}`;
        if (at === pointer) return;
        pointer = at;
      }
      const now = Date.now();
      if (now - lastWrite.current < ACTIVITY_WRITE_MS) return;
      lastWrite.current = now;
      touchActivity(now);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, record, { passive: true });
    const timer = setInterval(() => {
      // Spec 01 §4: while a knowledge tab is open (its heartbeat is live) the idle timer starts again.
      if (liveKnowledgeTabs().length > 0) touchActivity();
      const last = getLastActivity() ?? Date.now();
      if (Date.now() - last > IDLE_LOGOUT_SECONDS * 1000) {
        clearInterval(timer);
        void logout(sessionMessages.idleLogout);
      }
    }, IDLE_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, record);
    };
  }, []);
}

/** The timers of a signed-in page (spec 01 §4) and the notice shown when permissions changed. */
export function SessionTimers({ userId }: { userId: number }) {
  const changed = usePermissionPolling(userId);
  useTokenPresence();
  useIdleLogout();
  const titleId = useId();
  const textId = useId();
  const reload = () => window.location.reload();
  return (
    <Dialog open={changed} onClose={reload} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{sessionMessages.permissionsChangedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{sessionMessages.permissionsChanged}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={reload} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
