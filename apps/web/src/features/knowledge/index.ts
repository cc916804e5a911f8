import KnowledgeIcon from '@mui/icons-material/LocalLibraryOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

/**
 * Knowledge in the main app (issue 17, docs/knowledge.md): the /knowledge hand-over page, the menu entry's icon;
 * the knowledge application itself is a separate bundle (src/kb) that this app never loads.
 */
export const knowledgeModule = defineWebModule({
  name: 'knowledge',
  routes: [
    {
      path: '/knowledge',
      Page: lazy(() => import('./KnowledgeHandoverPage.tsx').then((m) => ({ default: m.KnowledgeHandoverPage }))),
    },
  ],
  menuIcons: { knowledge: KnowledgeIcon },
});

// What other modules may use.
/** The menu entry's action: Knowledge in a new tab through the hand-over (throws the refusal). */
export { openKnowledgeTab } from './api.ts';
/** The "Knowledge" action of an analyser hit (lazy: a dialog; wrap in Suspense). */
export const KnowledgeLookupButton = lazy(() =>
  import('./KnowledgeLookupButton.tsx').then((m) => ({ default: m.KnowledgeLookupButton })),
);
