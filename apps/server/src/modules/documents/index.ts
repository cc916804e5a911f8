import { countPerOrganisation, sumPerOrganisation } from '../../db/organisation-data.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { documentsAuditVocabulary } from './documents.audit.ts';
import { documentsRoutes } from './documents.routes.ts';
import { INDEX_JOB, removeDocumentRows } from './documents.service.ts';
import { indexJob } from './index-job.ts';

/** The documents module's API for other modules (email attachments, generated documents). */
export {
  addCaseDocument,
  insertPreparedDocument,
  prepareCaseDocument,
  type AddDocumentInput,
  type DocumentActor,
  type PreparedDocument,
} from './documents.service.ts';
export { CASE_DOCUMENT_SOURCE, documentSearch } from './document-search.ts';
/** The documents a user may open among cases and ids (the analyser's review counts only these). */
export { documentsForReview, type ReviewableDocument } from './documents-for-review.ts';
export {
  isAnalysisCancelled,
  type CountTermsOptions,
  type KwicPage,
  type KwicPaging,
  type KwicRow,
} from './document-search.ts';

/**
 * Case documents: stored files, their extracted text and their place in the search index. Deleting one
 * (with its case or organisation) lowers the search vocabulary's counts and releases the file.
 */
export const documentsModule = defineModule({
  name: 'documents',
  routes: [documentsRoutes],
  jobs: { [INDEX_JOB]: indexJob },
  data: {
    tables: ['documents'],
    files: ['documents.storage_key'],
    caseDeleted: (tx, { organisationId, caseId }) => removeDocumentRows(tx, organisationId, { caseId }),
    organisationDeleted: (tx, organisationId) => removeDocumentRows(tx, organisationId, {}),
  },
  usage: [
    { metric: 'documents', count: countPerOrganisation('documents') },
    { metric: 'storage_bytes', count: sumPerOrganisation('documents.size_bytes') },
  ],
  audit: documentsAuditVocabulary,
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** Small sample files (.docx, .pdf, .txt) for the demo seeds. */
export { buildDocx, buildPdf, buildText } from './sample-files.ts';
/** A document the actor may open: its metadata and extracted text (404 for another organisation's; the comparison). */
export { documentsService } from './documents.service.ts';
