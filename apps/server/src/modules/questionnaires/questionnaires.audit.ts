import { auditText, mergeVocabularies, namesFrom, thingEvents } from '../../platform/audit/audit-sentences.ts';

const EDITS = { created: 'created', updated: 'edited', deleted: 'deleted' };

/** " in the category 'Employment'", when the event kept its category and the category still exists. */
const inCategory = (name: string | null) => (name ? ` in the category '${name}'` : '');

/** How the questionnaires' events read in the audit log. */
export const questionnairesAuditVocabulary = mergeVocabularies([
  thingEvents('question_category', 'category', EDITS, namesFrom('question_categories', 'name')),
  thingEvents('document_type', 'document type', EDITS, namesFrom('document_types', 'type_name')),
  {
    sentences: {
      'questionnaire:created': (e) =>
        `${e.actor} created a questionnaire${inCategory(e.name('question_category', e.changes.category_id))} (${auditText.text(e.changes.questions)} questions)`,
      'questionnaire:updated': (e) =>
        `${e.actor} edited a questionnaire${inCategory(e.name('question_category', e.changes.category_id))}`,
      'questionnaire:deleted': (e) => `${e.actor} deleted a questionnaire`,
    },
  },
]);
