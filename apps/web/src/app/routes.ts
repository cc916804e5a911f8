import { ADMIN_SETTING_ROLES, landingPath, type MenuItem, type Role } from '@lexdesk/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CASE_RECORD_ROUTES } from '../features/case-records/routes.ts';
import { CASE_ROUTES } from '../features/cases/routes.ts';
import { ORGANISATION_ROUTES } from '../features/organisations/routes.ts';
import { QUESTIONNAIRE_ROUTES } from '../features/questionnaires/routes.ts';
import { REGISTRATION_ROUTES } from '../features/registration/routes.ts';
import { TEMPLATE_ROUTES } from '../features/templates/routes.ts';
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
  ...ORGANISATION_ROUTES,
  ...REGISTRATION_ROUTES,
  ...CASE_ROUTES,
  ...CASE_RECORD_ROUTES,
  ...QUESTIONNAIRE_ROUTES,
  ...TEMPLATE_ROUTES,
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
