import type { AuditVocabulary } from '../../platform/audit/audit-sentences.ts';

/** How changes to the installation's settings read in the audit log. */
export const settingsAuditVocabulary: AuditVocabulary = {
  sentences: { 'settings:updated': (e) => `${e.actor} changed the installation settings` },
};
