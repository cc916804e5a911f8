import SavedIcon from '@mui/icons-material/BookmarksOutlined';
import ConceptIcon from '@mui/icons-material/ManageSearchOutlined';
import ReviewIcon from '@mui/icons-material/FactCheckOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

const STAFF = ['super', 'admin'] as const;
const ConceptEditPage = lazy(() => import('./ConceptEditPage.tsx').then((m) => ({ default: m.ConceptEditPage })));
const ReviewPage = lazy(() => import('./review/ReviewPage.tsx').then((m) => ({ default: m.ReviewPage })));

/**
 * The document analyser (docs/analyser.md): the concept repository and its editor (issue 12), the review and
 * saved searches (issue 13).
 */
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
    // Review and saved searches (issue 13, docs/analyser.md "Review and saved searches: the screens"): every role.
    { path: '/queries', Page: ReviewPage },
    { path: '/case-redirect/queries/:case_id', Page: ReviewPage },
    {
      path: '/save-search',
      Page: lazy(() =>
        import('./saved-searches/SavedSearchesPage.tsx').then((m) => ({ default: m.SavedSearchesPage })),
      ),
    },
    {
      path: '/save-search/view/:id',
      Page: lazy(() =>
        import('./saved-searches/SavedSearchViewPage.tsx').then((m) => ({ default: m.SavedSearchViewPage })),
      ),
    },
  ],
  menuIcons: {
    'doc-analyser': ConceptIcon,
    'concept-repo': ConceptIcon,
    'membership-concepts': ConceptIcon,
    review: ReviewIcon,
    'saved-searches': SavedIcon,
  },
});

// What other modules may use.
/** The comparison page, with the first document preselected (the case documents tab's "Compare" action). */
export { comparisonPath } from './comparison/paths.ts';
/** Links concept heads to another module's record (a playbook entry). */
export { ConceptHeadsPicker } from './ConceptHeadsPicker.tsx';
/** Review preset to a case (spec 01: /case-redirect/queries/{id}). */
export const reviewCasePath = (caseId: number) => `/case-redirect/queries/${caseId}`;
