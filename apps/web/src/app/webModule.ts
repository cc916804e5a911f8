import type { CaseDetail, Role } from '@lexdesk/contract';
import type { ComponentType, ElementType, LazyExoticComponent } from 'react';
import type { Session } from './session/storage.ts';

type LazyPage<Props = object> = LazyExoticComponent<ComponentType<Props>>;

/** A page inside the signed-in shell. */
export interface ShellRoute {
  /** React Router pattern; exact match unless it ends in '/*'. */
  path: string;
  /** Roles that may open the page; absent means every signed-in user. */
  roles?: readonly Role[];
  /**
   * Opened without a session, the link is kept through the sign-in that follows, which lands on it instead of the
   * usual landing page (the stored playbook token, docs/playbooks.md).
   */
  keepThroughSignIn?: boolean;
  /**
   * The side-menu entry (its key in the contract's `SIDE_MENU`) that stays highlighted while this page is open,
   * for a page that has no entry of its own (the invoice list under 'Invoice'). An entry is always highlighted on
   * its own path.
   */
  menuKey?: string;
  Page: LazyPage;
}

/** A page outside the shell (sign-in, links, setup, error pages). */
export interface PublicRoute {
  path: string;
  /** Signed-in visitors go to their landing page instead (unless they follow a token sign-in link). */
  signedOutOnly?: boolean;
  Page: LazyPage;
}

export interface CaseTabProps {
  caseDetail: CaseDetail;
}

/** A tab of the case page, at /cases/case-summary/case-status/{id}/{key}. */
export interface CaseTab {
  key: string;
  label: string;
  /** Loaded when the tab opens; receives the case. */
  Panel: LazyPage<CaseTabProps>;
}

/** Something the shell shows over every page (a modal that opens by itself), loaded after the shell. */
export type ShellOverlay = LazyPage<{ session: Session }>;

/**
 * A control of the top bar, before the notifications (the task timer's drop-down), loaded after the shell; it
 * decides itself whether the session may see it (render nothing otherwise).
 */
export type TopBarItem = LazyPage<{ session: Session; mobile: boolean }>;

/**
 * What a feature adds to the app, declared once in `features/<module>/index.ts`; `app/modules.ts` lists every
 * module and builds the routes, the case tabs, the menu icons and the shell overlays from these.
 */
export interface WebModule {
  name: string;
  /** Pages inside the shell; the guards, the landing rules and the side menu read them. */
  routes?: readonly ShellRoute[];
  publicRoutes?: readonly PublicRoute[];
  /** Tabs of the case page, in order; modules listed later in `app/modules.ts` add theirs after. */
  caseTabs?: readonly CaseTab[];
  /** Icons of the side-menu entries (the entries themselves come from the contract's `SIDE_MENU`), by menu key. */
  menuIcons?: Readonly<Record<string, ElementType>>;
  shellOverlays?: readonly ShellOverlay[];
  topBarItems?: readonly TopBarItem[];
}

/** Declares a feature module (typed; returns its argument). */
export function defineWebModule(module: WebModule): WebModule {
  return module;
}
