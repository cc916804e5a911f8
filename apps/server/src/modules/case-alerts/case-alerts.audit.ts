import { auditText, type AuditVocabulary } from '../../platform/audit/audit-sentences.ts';

const { text, nested } = auditText;

/** "a Meeting alert"; "an alert" when the type is unknown. */
const alert = (type: unknown) => (text(type) ? `a ${text(type)} alert` : 'an alert');

/** How a case's alert events read in its history (alert types and due dates are the firm's vocabulary, kept). */
export const caseAlertsAuditVocabulary: AuditVocabulary = {
  sentences: {
    'case:alert.created': (e) => `${e.actor} raised ${alert(e.changes.alert_type)} due ${text(e.changes.due_date)}`,
    'case:alert.updated': (e) => `${e.actor} edited ${alert(nested(e.changes.to).alert_type)}`,
    'case:alert.commented': (e) => `${e.actor} commented on an alert`,
    'case:alert.deleted': (e) => `${e.actor} deleted ${alert(e.changes.alert_type)}`,
  },
};
