import { auditText, namesFrom, type AuditVocabulary } from '../../platform/audit/audit-sentences.ts';

const { thing } = auditText;

/** How a case's document events read in its history: by today's file name (events keep the id only). */
export const documentsAuditVocabulary: AuditVocabulary = {
  sentences: {
    'case:document.added': (e) =>
      `${e.actor} added ${thing('document', e.name('document', e.changes.document_id))}${
        e.changes.source === 'email' ? ' from an email' : ''
      }`,
    'case:document.deleted': (e) =>
      `${e.actor} deleted ${thing('document', e.name('document', e.changes.document_id), undefined, 'a document')}`,
  },
  names: { document: namesFrom('documents', 'original_name') },
};
