import ConceptIcon from '@mui/icons-material/ManageSearchOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

const STAFF = ['super', 'admin'] as const;
const ConceptEditPage = lazy(() => import('./ConceptEditPage.tsx').then((m) => ({ default: m.ConceptEditPage })));

/** The document analyser's concept side (issue 12, docs/analyser.md): the concept repository and its editor. */
export const analyserModule = defineWebModule({
  name: 'analyser',
  routes: [
    {
      path: '/concept-repo',
      Page: lazy(() => import('./ConceptRepoPage.tsx').then((m) => ({ default: m.ConceptRepoPage }))),
    },
    // Create, edit a list, edit a head, or read-only view: chosen by the query (spec 03 §2.1); a prefix route.
    // Every mode but the view writes (staff only, spec 03 §6); a user opens no list read-only (description only).
    { path: '/concept-repo-create', roles: STAFF, Page: ConceptEditPage },
    { path: '/concept-repo-create/*', roles: STAFF, Page: ConceptEditPage },
    // Document comparison (issue 13; spec 01 §2 spells the route so).
    {
      path: '/queries/document/comparision',
      Page: lazy(() => import('./comparison/ComparisonPage.tsx').then((m) => ({ default: m.ComparisonPage }))),
    },
  ],
  menuIcons: { 'doc-analyser': ConceptIcon, 'concept-repo': ConceptIcon, 'membership-concepts': ConceptIcon },
});

// What other modules may use.
/** The comparison page, with the first document preselected (the case documents tab's "Compare" action). */
export { comparisonPath } from './comparison/paths.ts';
