import useMediaQuery from '@mui/material/useMediaQuery';
import { useSyncExternalStore } from 'react';
import { getStoredDarkTheme, readSession, subscribe, type Session } from './storage.ts';

/** The current session (null when signed out); re-renders on changes from this or another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

/** Dark or light: the user's choice, or the operating system's mode for someone who never chose (or signed out). */
export function useDarkTheme(): boolean {
  const chosen = useSyncExternalStore(subscribe, getStoredDarkTheme, () => null);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return chosen ?? systemDark;
}

/** The last session any page read: a page that mounts while the session is ending still renders once. */
let lastSession: Session | null = null;

/**
 * For pages inside the authenticated shell, where the guard guarantees a session. In the renders where
 * the session ends (logout, a vanished token) the guard is already leaving for /login: a page, even one
 * mounting just then (data arriving, a poll re-rendering), gets the session it had rather than failing.
 */
export function useRequiredSession(): Session {
  const session = useSession();
  if (session) lastSession = session;
  if (!lastSession) throw new Error('useRequiredSession used outside the authenticated shell');
  return lastSession;
}
