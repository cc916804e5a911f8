import ReportIcon from '@mui/icons-material/AssessmentOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import AlertIcon from '@mui/icons-material/NotificationImportantOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

const STAFF = ['super', 'admin'] as const;

/** Case records: dashboard, report questions and answers, alerts, emails and the audit history of a case. */
export const caseRecordsModule = defineWebModule({
  name: 'case-records',
  routes: [
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
  ],
  // After the cases module's own tabs: emails with their recycle bin, alerts, report history, audit history.
  caseTabs: [
    {
      key: 'emails',
      label: 'Emails',
      Panel: lazy(() => import('./CaseEmailsTab.tsx').then((m) => ({ default: m.CaseEmailsTab }))),
    },
    {
      key: 'alerts',
      label: 'Alerts',
      Panel: lazy(() => import('./CaseAlertsTab.tsx').then((m) => ({ default: m.CaseAlertsTab }))),
    },
    {
      key: 'reports',
      label: 'Reports',
      Panel: lazy(() => import('./CaseReportsTab.tsx').then((m) => ({ default: m.CaseReportsTab }))),
    },
    {
      key: 'history',
      label: 'History',
      Panel: lazy(() => import('./CaseHistoryTab.tsx').then((m) => ({ default: m.CaseHistoryTab }))),
    },
  ],
  menuIcons: { dashboard: DashboardIcon, 'case-reports': ReportIcon, 'case-alerts': AlertIcon },
  // The once-per-session list of alerts that are due.
  shellOverlays: [lazy(() => import('./AttentionModal.tsx').then((m) => ({ default: m.AttentionModal })))],
});
