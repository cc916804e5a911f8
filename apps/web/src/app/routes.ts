import { landingPath, type MenuItem } from '@lexdesk/contract';
import { matchPath } from 'react-router';
import { SHELL_ROUTES } from './modules.ts';
import type { Session } from './session/storage.ts';
import { storeLink, takeStoredLink } from './session/storedLink.ts';

/** Paths of the built pages, as landingPath() compares them. */
export const BUILT_PATHS: ReadonlySet<string> = new Set(SHELL_ROUTES.map((route) => route.path));

/** Where a signed-in user goes after sign-in, from '/', and from pages they may not open. */
export function landingFor(session: Session): string {
  return landingPath(session, session.userId, BUILT_PATHS);
}

/** Opened signed out: a page that keeps its place through sign-in (`keepThroughSignIn`) is kept for it. */
export function keepLinkForSignIn(pathname: string, search: string): void {
  const kept = SHELL_ROUTES.some((route) => route.keepThroughSignIn && matchPath(route.path, pathname));
  if (kept) storeLink(pathname + search);
}

let signInTarget: { token: string; path: string | null } | null = null;

/**
 * Where a sign-in lands: the kept link (the stored playbook token) if one is fresh, else the usual landing page.
 * The kept link is taken once per new session and remembered for it, so the sign-in page and the guard that sends
 * a signed-in visitor away from /login agree on the place.
 */
export function signInLanding(session: Session): string {
  if (signInTarget?.token !== session.token) signInTarget = { token: session.token, path: takeStoredLink() };
  return signInTarget.path ?? landingFor(session);
}

/** The in-app path of a route, when it is built; null otherwise (menus and notifications skip it). */
export function builtPath(path: string): string | null {
  return BUILT_PATHS.has(path) ? path : null;
}

/**
 * Whether the side-menu entry `item` is the current one at `pathname`: its own path, or a page that declares it
 * belongs to the entry (`menuKey` of its route).
 */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (item.path && matchPath(item.path, pathname)) return true;
  return SHELL_ROUTES.some((route) => route.menuKey === item.key && matchPath(route.path, pathname));
}

/** The menu items whose page is built (external links always); groups keep their built children. */
export function builtMenu(items: readonly MenuItem[]): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of items) {
    if (item.children) {
      const children = builtMenu(item.children);
      if (children.length > 0) result.push({ ...item, children });
    } else if (item.external || (item.path && BUILT_PATHS.has(item.path))) result.push(item);
  }
  return result;
}
