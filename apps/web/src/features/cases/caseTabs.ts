import type { CaseDetail } from '@lexdesk/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface CaseTabProps {
  caseDetail: CaseDetail;
}

export interface CaseTab {
  /** Last segment of the address: /cases/case-summary/case-status/{id}/{key}. */
  key: string;
  label: string;
  Panel: LazyExoticComponent<ComponentType<CaseTabProps>>;
}

/**
 * The case page's tabs, in order. Other areas add theirs here (Emails, Alerts, Reports, History): one
 * entry each, with a lazily loaded panel that receives the case.
 */
export const CASE_TABS: CaseTab[] = [
  {
    key: 'summary',
    label: 'Summary',
    Panel: lazy(() => import('./CaseSummaryTab.tsx').then((m) => ({ default: m.CaseSummaryTab }))),
  },
  {
    key: 'documents',
    label: 'Documents',
    Panel: lazy(() => import('./DocumentsTab.tsx').then((m) => ({ default: m.DocumentsTab }))),
  },
  {
    key: 'saved-searches',
    label: 'Saved searches',
    Panel: lazy(() => import('./SavedSearchesTab.tsx').then((m) => ({ default: m.SavedSearchesTab }))),
  },
  {
    key: 'status',
    label: 'Status history',
    Panel: lazy(() => import('./StatusHistoryTab.tsx').then((m) => ({ default: m.StatusHistoryTab }))),
  },
  // Case records (H4): emails with their recycle bin, alerts, report history, audit history.
  {
    key: 'emails',
    label: 'Emails',
    Panel: lazy(() => import('../case-records/CaseEmailsTab.tsx').then((m) => ({ default: m.CaseEmailsTab }))),
  },
  {
    key: 'alerts',
    label: 'Alerts',
    Panel: lazy(() => import('../case-records/CaseAlertsTab.tsx').then((m) => ({ default: m.CaseAlertsTab }))),
  },
  {
    key: 'reports',
    label: 'Reports',
    Panel: lazy(() => import('../case-records/CaseReportsTab.tsx').then((m) => ({ default: m.CaseReportsTab }))),
  },
  {
    key: 'history',
    label: 'History',
    Panel: lazy(() => import('../case-records/CaseHistoryTab.tsx').then((m) => ({ default: m.CaseHistoryTab }))),
  },
];
