import { documentMessages, type DocumentExtension } from '@lexdesk/contract';
import type { ParseLimits } from '../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';
import { checkUpload, EXTRACTABLE_UPLOADS } from '../../platform/uploads/upload-gate.ts';

/**
 * A case document through the one upload gate (platform/uploads), with the documents' allow-list: the types
 * extraction can read. Playbook and knowledge attachments take the same list through the gate themselves.
 */
export function checkDocumentUpload(
  name: string,
  data: Buffer,
  maxBytes: number,
  parseLimits: ParseLimits,
  who: WorkRequester,
): Promise<{ extension: DocumentExtension; mediaType: string }> {
  const policy = {
    accept: EXTRACTABLE_UPLOADS,
    maxBytes,
    unsupported: documentMessages.unsupported,
    tooLarge: documentMessages.tooLarge(Math.round(maxBytes / 1024 / 1024)),
  };
  return checkUpload(name, data, policy, parseLimits, who);
}
