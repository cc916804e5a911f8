import {
  auditText,
  namesFrom,
  type AuditEventReading,
  type AuditVocabulary,
} from '../../platform/audit/audit-sentences.ts';

const { thing } = auditText;

/** How a case's email events read in its history: by today's subject (events keep the id only). */
export const caseEmailsAuditVocabulary: AuditVocabulary = {
  sentences: {
    'case:email.imported': (e) => {
      const attachments = Number(e.changes.attachments ?? 0);
      return `${e.actor} imported ${email(e)} with ${attachments} attachment${attachments === 1 ? '' : 's'}`;
    },
    'case:email.deleted': (e) => `${e.actor} moved ${email(e)} to the recycle bin`,
    'case:email.restored': (e) => `${e.actor} restored ${email(e)} from the recycle bin`,
    'case:email.purged': (e) => `${e.actor} deleted ${email(e, 'an email')} for good`,
  },
  names: { email: namesFrom('case_emails', 'subject') },
};

function email(e: AuditEventReading, gone = 'a deleted email'): string {
  const subject = e.name('email', e.changes.email_id);
  return subject === '' ? 'an email without a subject' : thing('email', subject, undefined, gone);
}
