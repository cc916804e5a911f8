import { storageKeysOf, sumPerOrganisation } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { caseEmailsAuditVocabulary } from './case-emails.audit.ts';
import { caseEmailsRoutes } from './case-emails.routes.ts';

const ORIGINALS = 'case_emails.storage_key';

/**
 * A case's emails: the original .eml/.msg is a stored file; attachments are case documents (documents
 * module). Rows go with the case or the organisation by foreign key, the originals are released here.
 */
export const caseEmailsModule = defineModule({
  name: 'case-emails',
  routes: [caseEmailsRoutes],
  data: {
    tables: ['case_emails', 'case_email_attachments'],
    files: [ORIGINALS],
    caseDeleted: (tx, { organisationId, caseId }) => storageKeysOf(tx.db, ORIGINALS, { organisationId, caseId }),
    organisationDeleted: (tx, organisationId) => storageKeysOf(tx.db, ORIGINALS, { organisationId }),
  },
  usage: [{ metric: 'storage_bytes', count: sumPerOrganisation('case_emails.size_bytes') }],
  audit: caseEmailsAuditVocabulary,
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Case emails: imports a message into a case (the demo seed's sample mails). */
export { caseEmailsService } from './case-emails.service.ts';
/** Builds an .eml message (demo seed samples). */
export { buildEml } from './eml-builder.ts';
/** Builds an Outlook .msg message (demo seed samples). */
export { buildMsg } from './msg-builder.ts';
