import { lazy } from 'react';
import type { ShellRoute } from '../../app/routes.ts';

const STAFF = ['super', 'admin'] as const;

/** This area's authenticated pages; SHELL_ROUTES (app/routes.ts) includes them. */
export const QUESTIONNAIRE_ROUTES: readonly ShellRoute[] = [
  {
    path: '/document-questionaries',
    roles: STAFF,
    Page: lazy(() => import('./QuestionnaireListPage.tsx').then((m) => ({ default: m.QuestionnaireListPage }))),
  },
  {
    path: '/document-questionaries/add/new',
    roles: STAFF,
    Page: lazy(() => import('./QuestionnaireBuilderPage.tsx').then((m) => ({ default: m.QuestionnaireBuilderPage }))),
  },
  {
    path: '/document-questionaries/edit/:id',
    roles: STAFF,
    Page: lazy(() => import('./QuestionnaireBuilderPage.tsx').then((m) => ({ default: m.QuestionnaireBuilderPage }))),
  },
];
