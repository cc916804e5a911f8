import { ADMIN_SETTING_ROLES, landingPath, type Role } from '@lexdesk/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Session } from './session/storage.ts';

export interface ShellRoute {
  /** React Router pattern; exact match unless it ends in '/*'. */
  path: string;
  /** Roles that may open the page; absent means every signed-in user. */
  roles?: readonly Role[];
  Page: LazyExoticComponent<ComponentType>;
}

/**
 * The authenticated pages that exist. Each later module adds its rows here; the landing rules
 * (spec 01 §4) and the guards read this one list, so a route that is not built is simply absent.
 */
export const SHELL_ROUTES: readonly ShellRoute[] = [
  {
    path: '/user/profile/:id',
    Page: lazy(() => import('../features/users/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage }))),
  },
  {
    path: '/admin-setting',
    roles: ADMIN_SETTING_ROLES,
    Page: lazy(() => import('../features/admin/AdminSettingPage.tsx').then((m) => ({ default: m.AdminSettingPage }))),
  },
];

/** Paths of the built pages, as landingPath() compares them. */
export const BUILT_PATHS: ReadonlySet<string> = new Set(SHELL_ROUTES.map((route) => route.path));

/** Where a signed-in user goes after sign-in, from '/', and from pages they may not open. */
export function landingFor(session: Session): string {
  return landingPath(session, session.userId, BUILT_PATHS);
}

/** The in-app path of a route, when it is built; null otherwise (menus and notifications skip it). */
export function builtPath(path: string): string | null {
  return BUILT_PATHS.has(path) ? path : null;
}
