import CaseIcon from '@mui/icons-material/FolderOpenOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/** Cases: the case list, the case page with its own tabs, and the document viewer. */
export const casesModule = defineWebModule({
  name: 'cases',
  routes: [
    { path: '/case', Page: lazy(() => import('./CaseListPage.tsx').then((m) => ({ default: m.CaseListPage }))) },
    {
      path: '/cases/case-summary/case-status/*',
      Page: lazy(() => import('./CaseDetailPage.tsx').then((m) => ({ default: m.CaseDetailPage }))),
    },
    {
      path: '/view-document/editor/:id',
      Page: lazy(() => import('./DocumentViewerPage.tsx').then((m) => ({ default: m.DocumentViewerPage }))),
    },
  ],
  caseTabs: [
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
  ],
  menuIcons: { 'case-list': CaseIcon, 'case-user': CaseIcon },
});

// What other modules may use.
export { casePath, caseSearchPath, viewerPath } from './paths.ts';
export { fetchCase, fetchCases, fetchDocuments } from './api.ts';
