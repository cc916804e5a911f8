/** The documents module's API for other modules (email attachments, generated documents, case deletion). */
export {
  addCaseDocument,
  insertPreparedDocument,
  prepareCaseDocument,
  removeDocumentRows,
  type AddDocumentInput,
  type DocumentActor,
  type PreparedDocument,
} from './documents.service.ts';
export { CASE_DOCUMENT_SOURCE, documentSearch } from './document-search.ts';
