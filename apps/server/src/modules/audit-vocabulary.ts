import { mergeVocabularies } from '../platform/audit/audit-sentences.ts';
import { caseAlertsAuditVocabulary } from './case-alerts/case-alerts.audit.ts';
import { caseEmailsAuditVocabulary } from './case-emails/case-emails.audit.ts';
import { caseReportsAuditVocabulary } from './case-reports/case-reports.audit.ts';
import { casesAuditVocabulary } from './cases/cases.audit.ts';
import { documentsAuditVocabulary } from './documents/documents.audit.ts';
import { organisationsAuditVocabulary } from './organisations/organisations.audit.ts';
import { settingsAuditVocabulary } from './settings/settings.audit.ts';
import { usersAuditVocabulary } from './users/users.audit.ts';

/**
 * How every module's audit events read: each module declares its sentences and name look-ups in its own
 * `<module>.audit.ts` and adds one line here (the module registry of the platform issue will take this list).
 */
export const AUDIT_VOCABULARY = mergeVocabularies([
  casesAuditVocabulary,
  documentsAuditVocabulary,
  caseEmailsAuditVocabulary,
  caseAlertsAuditVocabulary,
  caseReportsAuditVocabulary,
  organisationsAuditVocabulary,
  usersAuditVocabulary,
  settingsAuditVocabulary,
]);
