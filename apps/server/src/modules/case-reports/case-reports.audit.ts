import { auditText, type AuditVocabulary } from '../../platform/audit/audit-sentences.ts';

/** How a case's report events read in its history. */
export const caseReportsAuditVocabulary: AuditVocabulary = {
  sentences: {
    'case:report.create': (e) => `${e.actor} answered a case report (${auditText.text(e.changes.answers)} answers)`,
    'case:report.delete': (e) => `${e.actor} deleted a case report`,
  },
};
