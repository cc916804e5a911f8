import { apiRequest } from '../../api/client.ts';
import { clearSession } from './storage.ts';

const NOTICE_KEY = 'lexdesk.notice';

/**
 * Logout (spec 01 §4): revoke the token on the server, clear storage except the remembered email,
 * go to /login with a full reload. An optional notice is shown once on the sign-in page.
 */
export async function logout(notice?: string): Promise<void> {
  try {
    await apiRequest('logout/', { method: 'POST', forceLogoutOnAuthError: false });
  } catch {
    // The token is dropped locally either way.
  }
  clearSession({ silent: true });
  if (notice) {
    try {
      sessionStorage.setItem(NOTICE_KEY, notice);
    } catch {
      // No notice then.
    }
  }
  window.location.assign('/login');
}

let pendingNotice: string | null | undefined;

/** The notice left by the last logout: taken out of storage once per page load. */
export function takeLogoutNotice(): string | null {
  if (pendingNotice !== undefined) return pendingNotice;
  try {
    pendingNotice = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    pendingNotice = null;
  }
  return pendingNotice;
}
