import useMediaQuery from '@mui/material/useMediaQuery';
import { useSyncExternalStore } from 'react';

const DARK_THEME_KEY = 'lexdesk.dark_theme';

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DARK_THEME_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function stored(): boolean | null {
  try {
    const value = localStorage.getItem(DARK_THEME_KEY);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

/**
 * The user's theme as the main app keeps it (`lexdesk.dark_theme`, from their profile), else the system's; a
 * change in the main app shows here at once. The knowledge tab has no toggle of its own: the choice is saved
 * to the profile through the main API, which this application does not call.
 */
export function useKbDarkTheme(): boolean {
  const chosen = useSyncExternalStore(subscribe, stored, () => null);
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return chosen ?? systemDark;
}
