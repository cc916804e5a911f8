import PlaybookIcon from '@mui/icons-material/MenuBookOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';
import { PLAYBOOK_CREATE_PATH, PLAYBOOK_LIST_PATH, PLAYBOOK_VIEW_ROUTE } from './paths.ts';

const STAFF = ['super', 'admin'] as const;
const EditPage = lazy(() => import('./PlaybookEditPage.tsx').then((m) => ({ default: m.PlaybookEditPage })));

/**
 * Playbooks (issue 14, docs/playbooks.md): the list with the term search, the editor, the read-only view with
 * versions, export and sharing, and the case's Playbooks tab.
 */
export const playbooksModule = defineWebModule({
  name: 'playbooks',
  routes: [
    {
      path: PLAYBOOK_LIST_PATH,
      Page: lazy(() => import('./PlaybookListPage.tsx').then((m) => ({ default: m.PlaybookListPage }))),
    },
    { path: PLAYBOOK_CREATE_PATH, roles: STAFF, Page: EditPage },
    { path: '/create/playbook/:id', roles: STAFF, Page: EditPage },
    {
      path: PLAYBOOK_VIEW_ROUTE,
      // Copy link's address: opened signed out, it is kept through the sign-in (the stored playbook token).
      keepThroughSignIn: true,
      Page: lazy(() => import('./PlaybookViewPage.tsx').then((m) => ({ default: m.PlaybookViewPage }))),
    },
  ],
  caseTabs: [
    {
      key: 'playbooks',
      label: 'Playbooks',
      Panel: lazy(() => import('./CasePlaybooksTab.tsx').then((m) => ({ default: m.CasePlaybooksTab }))),
    },
  ],
  menuIcons: { 'my-playbook': PlaybookIcon },
});

// What other modules may use.
export { playbookViewPath } from './paths.ts';
/** Review shows the firm's positions next to a concept head's hits (lazy: it renders rich text; wrap in Suspense). */
export const PlaybookPositions = lazy(() =>
  import('./PlaybookPositions.tsx').then((m) => ({ default: m.PlaybookPositions })),
);
