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
