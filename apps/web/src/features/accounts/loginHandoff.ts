/**
 * What a link page hands to /login through route state (never the URL, never a password): the email to
 * fill in, and whether to open the forgot-password form (a used or expired set/reset link).
 */
export interface LoginHandoff {
  email?: string;
  view?: 'forgot';
}

/** Reads route state defensively: history state can be anything another page or an old entry left. */
export function readLoginHandoff(state: unknown): LoginHandoff {
  if (!state || typeof state !== 'object') return {};
  const { email, view } = state as Record<string, unknown>;
  return {
    ...(typeof email === 'string' && email.trim() ? { email: email.trim() } : {}),
    ...(view === 'forgot' ? { view } : {}),
  };
}
