import { templateMessages as M } from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import type { UploadedFile } from './templates.service.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** Reads a multipart form: text fields and at most one file in the field `file` (at most `maxBytes`). */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  message: string = M.fileTooLarge,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(M.fileRequired, { file: M.fileRequired });
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 100_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && data.length > 0) file = { fileName: part.filename, data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(message);
    throw error;
  }
  return { fields, file };
}

/** The uploaded file, or 400 asking for one. */
export function requireFile(form: MultipartForm): UploadedFile {
  if (!form.file) throw badRequest(M.fileRequired, { file: M.fileRequired });
  return form.file;
}
