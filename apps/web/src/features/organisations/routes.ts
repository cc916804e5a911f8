import { lazy } from 'react';
import type { ShellRoute } from '../../app/routes.ts';

/** This area's authenticated pages; SHELL_ROUTES (app/routes.ts) includes them. */
export const ORGANISATION_ROUTES: readonly ShellRoute[] = [
  {
    path: '/organization',
    roles: ['super'],
    Page: lazy(() => import('./OrganisationsPage.tsx').then((m) => ({ default: m.OrganisationsPage }))),
  },
  {
    path: '/user',
    roles: ['super', 'admin'],
    Page: lazy(() => import('./UsersPage.tsx').then((m) => ({ default: m.UsersPage }))),
  },
  {
    path: '/plan-details',
    roles: ['super'],
    Page: lazy(() => import('./PlanDetailsPage.tsx').then((m) => ({ default: m.PlanDetailsPage }))),
  },
  {
    path: '/user/plan/changeplan',
    roles: ['super', 'admin'],
    Page: lazy(() => import('./ChangePlanPage.tsx').then((m) => ({ default: m.ChangePlanPage }))),
  },
];
