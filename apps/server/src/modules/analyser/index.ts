import { defineModule } from '../../platform/modules/module.ts';
import { analyserAuditVocabulary } from './analyser.audit.ts';

/**
 * The document analyser (issue 12: concept lists and heads; docs/analyser.md). Every row goes with its
 * organisation, its list or its head by foreign key; a user's rows keep their content (created_by, votes
 * and versions read "a deleted user"), a case's documents leave their votes without a document.
 */
export const analyserModule = defineModule({
  name: 'analyser',
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
    ],
  },
  audit: analyserAuditVocabulary,
});
