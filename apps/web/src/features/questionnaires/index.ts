import QuizIcon from '@mui/icons-material/QuizOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';

const STAFF = ['super', 'admin'] as const;
const QuestionnaireBuilderPage = lazy(() =>
  import('./QuestionnaireBuilderPage.tsx').then((m) => ({ default: m.QuestionnaireBuilderPage })),
);

/** Questionnaires with their categories and document types (docs/questionnaires.md). */
export const questionnairesModule = defineWebModule({
  name: 'questionnaires',
  routes: [
    {
      path: '/document-questionaries',
      roles: STAFF,
      Page: lazy(() => import('./QuestionnaireListPage.tsx').then((m) => ({ default: m.QuestionnaireListPage }))),
    },
    { path: '/document-questionaries/add/new', roles: STAFF, Page: QuestionnaireBuilderPage },
    { path: '/document-questionaries/edit/:id', roles: STAFF, Page: QuestionnaireBuilderPage },
  ],
  menuIcons: { questionnaires: QuizIcon },
});

/** The Add / Edit Document Type dialog of spec 02 §2.5 (lazy), for the document analyser's document types. */
export const DocumentTypeDialog = lazy(() =>
  import('./DocumentTypeDialog.tsx').then((m) => ({ default: m.DocumentTypeDialog })),
);
