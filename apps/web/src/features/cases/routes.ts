import { lazy } from 'react';
import type { ShellRoute } from '../../app/routes.ts';

/** This area's authenticated pages; SHELL_ROUTES (app/routes.ts) includes them. */
export const CASE_ROUTES: readonly ShellRoute[] = [
  { path: '/case', Page: lazy(() => import('./CaseListPage.tsx').then((m) => ({ default: m.CaseListPage }))) },
  {
    path: '/cases/case-summary/case-status/*',
    Page: lazy(() => import('./CaseDetailPage.tsx').then((m) => ({ default: m.CaseDetailPage }))),
  },
  {
    path: '/view-document/editor/:id',
    Page: lazy(() => import('./DocumentViewerPage.tsx').then((m) => ({ default: m.DocumentViewerPage }))),
  },
];
