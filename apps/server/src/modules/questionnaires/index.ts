import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { conceptDocumentTypesRoutes } from './document-types.routes.ts';
import { questionnairesAuditVocabulary } from './questionnaires.audit.ts';
import { questionnairesRoutes } from './questionnaires.routes.ts';
import { seedDemoQuestionnaireData } from './questionnaires.seed.ts';

/** Categories, questionnaires and document types: every row goes with its organisation by foreign key. */
export const questionnairesModule = defineModule({
  name: 'questionnaires',
  routes: [questionnairesRoutes, conceptDocumentTypesRoutes],
  data: {
    tables: [
      'question_categories',
      'questionnaires',
      'questions',
      'question_options',
      'question_tags',
      'question_branches',
      'document_types',
    ],
  },
  audit: questionnairesAuditVocabulary,
  seed: (ctx) => seedDemoQuestionnaireData(ctx, DEMO_ORGANISATION, 'super@example.com'),
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Categories shared by questionnaires and templates. */
export { categoriesService } from './categories.service.ts';
/** Questionnaires: what templates and executions ask. */
export { questionnairesService } from './questionnaires.service.ts';
/** Document types (a concept list's or a template's type). */
export { documentTypesService } from './document-types.service.ts';
