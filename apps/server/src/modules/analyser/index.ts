import { defineModule } from '../../platform/modules/module.ts';
import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { analyserAuditVocabulary } from './analyser.audit.ts';
import { seedDemoConceptLists } from './analyser.seed.ts';
import { comparisonRoutes } from './comparison/comparison.routes.ts';
import { conceptFilesRoutes } from './concept-files.routes.ts';
import { conceptListsRoutes } from './concept-lists.routes.ts';
import { headPartsRoutes } from './head-parts.routes.ts';
import { responseLogRoutes } from './response-log.routes.ts';
import { reviewRoutes } from './review/review.routes.ts';
import { savedSearchesRoutes } from './review/saved-searches.routes.ts';

/**
 * The document analyser (issue 12: concept lists and heads; docs/analyser.md). Every row goes with its
 * organisation, its list or its head by foreign key; a user's rows keep their content (created_by, votes
 * and versions read "a deleted user"), a case's documents leave their votes without a document.
 */
export const analyserModule = defineModule({
  name: 'analyser',
  routes: [
    conceptListsRoutes,
    headPartsRoutes,
    responseLogRoutes,
    conceptFilesRoutes,
    reviewRoutes,
    savedSearchesRoutes,
    comparisonRoutes,
  ],
  data: {
    tables: [
      'concept_lists',
      'concept_list_organisations',
      'concept_list_users',
      'concept_heads',
      'concept_clauses',
      'concept_scopes',
      'concept_scope_examples',
      'concept_rules',
      'concept_rule_suggestions',
      'concept_amendments',
      'concept_feedback',
      'concept_list_versions',
      // Saved reviews (review/): the saver's own rows (they go with the user), their case and document rows
      // with the case or document (the search then says those documents were removed).
      'analyser_saved_searches',
      'analyser_saved_search_cases',
      'analyser_saved_search_documents',
    ],
  },
  audit: analyserAuditVocabulary,
  seed: (ctx) => seedDemoConceptLists(ctx, DEMO_ORGANISATION, 'super@example.com'),
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.analyserParams, request: fixtures.analyserRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Records a vote on an analyser hit of a head (the review of part 2; the response log reads it). */
export { recordFeedback } from './feedback.service.ts';
/** Concept heads a caller sees, by id or by list and head name (playbook entries link heads; import). */
export { conceptHeadIdsByName, visibleConceptHeads, type ConceptHeadName } from './concept-heads-lookup.ts';
