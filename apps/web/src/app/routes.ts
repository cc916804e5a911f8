import { landingPath, type MenuItem } from '@lexdesk/contract';
import { SHELL_ROUTES } from './modules.ts';
import type { Session } from './session/storage.ts';

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
