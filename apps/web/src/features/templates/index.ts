import TemplateIcon from '@mui/icons-material/DescriptionOutlined';
import ExportIcon from '@mui/icons-material/IosShareOutlined';
import ExportHistoryIcon from '@mui/icons-material/ManageHistoryOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

const STAFF = ['super', 'admin'] as const;
const SUPER = ['super'] as const;
const ExecutePage = lazy(() => import('./ExecutePage.tsx').then((m) => ({ default: m.ExecutePage })));

/** Templates (precedents), their executions and history, and the template packages (docs/precedents.md). */
export const templatesModule = defineWebModule({
  name: 'templates',
  routes: [
    {
      path: '/document-template',
      Page: lazy(() => import('./TemplateListPage.tsx').then((m) => ({ default: m.TemplateListPage }))),
    },
    {
      path: '/document-template/template/:id',
      roles: STAFF,
      Page: lazy(() => import('./TemplateDetailPage.tsx').then((m) => ({ default: m.TemplateDetailPage }))),
    },
    {
      path: '/document-template/template-history/users/list',
      roles: STAFF,
      Page: lazy(() => import('./HistoryUsersPage.tsx').then((m) => ({ default: m.HistoryUsersPage }))),
    },
    {
      path: '/document-template/template-history/:id',
      Page: lazy(() => import('./TemplateHistoryPage.tsx').then((m) => ({ default: m.TemplateHistoryPage }))),
    },
    {
      path: '/document-template/show-history/:id',
      Page: lazy(() => import('./UserHistoryPage.tsx').then((m) => ({ default: m.UserHistoryPage }))),
    },
    { path: '/document-template/user-execute/:id', Page: ExecutePage },
    {
      path: '/export-template',
      roles: SUPER,
      Page: lazy(() => import('./ExportTemplatePage.tsx').then((m) => ({ default: m.ExportTemplatePage }))),
    },
    {
      path: '/export-questionaries',
      roles: SUPER,
      Page: lazy(() => import('./ExportQuestionnairesPage.tsx').then((m) => ({ default: m.ExportQuestionnairesPage }))),
    },
    {
      path: '/export-history',
      roles: SUPER,
      Page: lazy(() => import('./ExportHistoryPage.tsx').then((m) => ({ default: m.ExportHistoryPage }))),
    },
    // The history preview: executionId and templateId together (spec 02 §2.1).
    { path: '/document-template/user-execute/:executionId/:templateId', Page: ExecutePage },
  ],
  menuIcons: {
    templates: TemplateIcon,
    'precedents-user': TemplateIcon,
    'export-template': ExportIcon,
    'export-history': ExportHistoryIcon,
  },
});
