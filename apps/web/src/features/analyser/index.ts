import ConceptIcon from '@mui/icons-material/ManageSearchOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

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
    { path: '/concept-repo-create', Page: ConceptEditPage },
    { path: '/concept-repo-create/*', Page: ConceptEditPage },
  ],
  menuIcons: { 'doc-analyser': ConceptIcon, 'concept-repo': ConceptIcon, 'membership-concepts': ConceptIcon },
});
