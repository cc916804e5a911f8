import {
  auditText,
  mergeVocabularies,
  namesFrom,
  thingEvents,
  type AuditVocabulary,
} from '../../platform/audit/audit-sentences.ts';

/** How a case's report events read in its history, and the report questions' events in the audit log. */
export const caseReportsAuditVocabulary: AuditVocabulary = mergeVocabularies([
  {
    sentences: {
      'case:report.created': (e) => `${e.actor} answered a case report (${auditText.text(e.changes.answers)} answers)`,
      'case:report.deleted': (e) => `${e.actor} deleted a case report`,
    },
  },
  thingEvents(
    'report_question',
    'report question',
    { created: 'added', updated: 'edited', deleted: 'deleted' },
    namesFrom('report_questions', 'question'),
  ),
]);
