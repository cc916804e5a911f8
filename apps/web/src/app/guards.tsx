import type { Role } from '@lexdesk/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { keepLinkForSignIn, landingFor, signInLanding } from './routes.ts';
import { useSession } from './session/useSession.ts';

/** Shell pages: signed-out visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) {
    // Idempotent (the same path, a newer time), so it may run in render: the page it keeps must be known before
    // /login shows.
    keepLinkForSignIn(pathname, search);
    return <Navigate to="/login" replace />;
  }
  return children;
}

/** Pages for some roles only (Admin Setting): anyone else goes to their landing page. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (!roles.includes(session.role)) return <Navigate to={landingFor(session)} replace />;
  return children;
}

/** /login when already signed in goes to the landing page (or the link kept through sign-in), unless a token sign-in link is being used. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  const tokenSignIn = new URLSearchParams(search).has('token');
  if (session && !tokenSignIn) return <Navigate to={signInLanding(session)} replace />;
  return children;
}

/** The product root: landing when signed in, else /login. */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={session ? landingFor(session) : '/login'} replace />;
}
