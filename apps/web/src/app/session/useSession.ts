import { useSyncExternalStore } from 'react';
import { getStoredDarkTheme, readSession, subscribe, type Session } from './storage.ts';

/** The current session (null when signed out); re-renders on changes from this or another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}

export function useStoredDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, getStoredDarkTheme, () => false);
}

/** For pages inside the authenticated shell, where the guard guarantees a session. */
export function useRequiredSession(): Session {
  const session = useSession();
  if (!session) throw new Error('useRequiredSession used outside the authenticated shell');
  return session;
}
