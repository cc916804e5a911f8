import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useSyncExternalStore } from 'react';
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

/**
 * For pages inside the authenticated shell, where the guard guarantees a session. In the one render
 * where the session ends (logout, a vanished token) the guard is already leaving for /login: the page
 * keeps the session it had rather than failing.
 */
export function useRequiredSession(): Session {
  const session = useSession();
  const last = useRef(session);
  if (session) last.current = session;
  if (!last.current) throw new Error('useRequiredSession used outside the authenticated shell');
  return last.current;
}
