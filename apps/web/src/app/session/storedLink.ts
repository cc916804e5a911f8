/**
 * The stored playbook token (docs/playbooks.md "Links and the stored playbook token"): a link to a page that
 * keeps its place across sign-in (`ShellRoute.keepThroughSignIn`), opened without a session, is kept in session
 * storage with the time it was asked for; whichever sign-in follows takes it and lands there. It is the path
 * asked for, never a credential, and is dropped when older than 30 minutes.
 */
export const STORED_LINK_KEY = 'lexdesk.playbook_token';
export const STORED_LINK_MAX_AGE_MS = 30 * 60 * 1000;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Store | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** An in-app path only: '/…' but not '//…' (another host), no backslash tricks. */
const isInAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** Keeps `path` (with its query) for the next sign-in. */
export function storeLink(path: string, now = Date.now(), store: Store | null = sessionStore()): void {
  if (!store || !isInAppPath(path)) return;
  try {
    store.setItem(STORED_LINK_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage full or disabled: the user lands on the usual page.
  }
}

/** The kept path if it is fresh, else null; either way it is used up. */
export function takeStoredLink(now = Date.now(), store: Store | null = sessionStore()): string | null {
  if (!store) return null;
  let raw: string | null = null;
  try {
    raw = store.getItem(STORED_LINK_KEY);
    store.removeItem(STORED_LINK_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || !isInAppPath(path)) return null;
    const age = now - at;
    return age >= 0 && age <= STORED_LINK_MAX_AGE_MS ? path : null;
  } catch {
    return null;
  }
}
