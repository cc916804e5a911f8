import type { AppContext } from '../../platform/context.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';
import { prepareCaseDocument, type PreparedDocument } from '../documents/index.ts';
import type { ParsedAttachment } from './email-parse.ts';

/**
 * Checks and stores one attachment as a case document-to-be through the documents module (size, type by
 * content, zip bombs, storage), before the import's transaction opens; the import then inserts its row
 * with insertPreparedDocument. A refused type throws the documents module's 4xx error, which the import
 * records as a note.
 */
export function prepareAttachmentDocument(
  ctx: AppContext,
  caseId: number,
  attachment: ParsedAttachment,
  who: WorkRequester,
): Promise<PreparedDocument> {
  const { fileName: name, content: data } = attachment;
  return prepareCaseDocument(ctx, { caseId, name, data, source: 'email', who });
}
