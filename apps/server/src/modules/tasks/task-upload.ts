import { documentMessages } from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';

/** The multipart field `file` of an upload, at most `maxBytes` (413 with `tooLargeMessage` beyond). */
export async function readTaskUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<{ name: string; data: Buffer }> {
  const noFile = () => badRequest(documentMessages.noFile, { file: documentMessages.noFile });
  if (!request.isMultipart()) throw noFile();
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw noFile();
  const data = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(tooLargeMessage);
    throw error;
  });
  return { name: part.filename, data };
}
