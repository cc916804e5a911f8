import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { addCaseDocument } from '../documents/index.ts';
import type { ParsedAttachment } from './email-parse.ts';

/**
 * Makes a case document of one attachment through the documents module (size, type by content and zip
 * checks, storage, indexing job). Runs in the import's transaction: the document is listed only if the
 * email is. A refused type throws the documents module's 4xx error, which the import records as a note.
 */
export async function addAttachmentDocument(
  tx: AppContext,
  actor: Actor,
  caseId: number,
  emailId: number,
  attachment: ParsedAttachment,
): Promise<number> {
  const document = await addCaseDocument(tx, actor, {
    caseId,
    name: attachment.fileName,
    data: attachment.content,
    source: 'email',
    emailId,
  });
  return document.id;
}
