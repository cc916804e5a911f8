import { lazy } from 'react';
import type { ShellRoute } from '../../app/routes.ts';

const STAFF = ['super', 'admin'] as const;

/** This area's authenticated pages; SHELL_ROUTES (app/routes.ts) includes them. */
export const CASE_RECORD_ROUTES: readonly ShellRoute[] = [
  {
    path: '/dashboard',
    Page: lazy(() => import('./DashboardPage.tsx').then((m) => ({ default: m.DashboardPage }))),
  },
  {
    path: '/case-report',
    roles: STAFF,
    Page: lazy(() => import('./ReportQuestionsPage.tsx').then((m) => ({ default: m.ReportQuestionsPage }))),
  },
  {
    path: '/case-report/add/question',
    roles: STAFF,
    Page: lazy(() => import('./ReportQuestionFormPage.tsx').then((m) => ({ default: m.ReportQuestionFormPage }))),
  },
  {
    path: '/case-report/question/:id',
    roles: STAFF,
    Page: lazy(() => import('./ReportQuestionFormPage.tsx').then((m) => ({ default: m.ReportQuestionFormPage }))),
  },
  {
    path: '/short-answer/question/:id',
    Page: lazy(() => import('./ReportAnswerPage.tsx').then((m) => ({ default: m.ReportAnswerPage }))),
  },
  {
    path: '/report/history/:id',
    Page: lazy(() => import('./ReportHistoryPage.tsx').then((m) => ({ default: m.ReportHistoryPage }))),
  },
  {
    path: '/case-alerts',
    roles: STAFF,
    Page: lazy(() => import('./CaseAlertsPage.tsx').then((m) => ({ default: m.CaseAlertsPage }))),
  },
  {
    path: '/case-history/history/:id',
    Page: lazy(() => import('./CaseHistoryPage.tsx').then((m) => ({ default: m.CaseHistoryPage }))),
  },
];
