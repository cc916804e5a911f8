/** The documents module's API for other modules (email attachments, generated documents, case deletion). */
export { addCaseDocument, removeDocumentRows, type AddDocumentInput, type DocumentActor } from './documents.service.ts';
