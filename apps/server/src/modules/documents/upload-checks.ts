import { documentMessages, type DocumentExtension } from '@lexdesk/contract';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { extractableTypeOf } from '../../platform/extraction/extraction.service.ts';
import { checkZipInflationInWorker, isZipBomb } from '../../platform/extraction/zip-inflate.ts';
import { ParseLimitError, ParseTaskError, type ParseLimits } from '../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';

export const MEDIA_TYPES: Record<DocumentExtension, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
};

const FOUND_LABELS: Record<string, string> = {
  pdf: 'a PDF document',
  docx: 'a Word document',
  doc: 'an old Word document',
  xlsx: 'an Excel workbook',
  pptx: 'a PowerPoint presentation',
  zip: 'a ZIP archive',
  cfb: 'an Outlook or old Office file',
  png: 'an image',
  jpg: 'an image',
  gif: 'an image',
  webp: 'an image',
  exe: 'a program',
  elf: 'a program',
};
const labelOf = (ext: string) => FOUND_LABELS[ext] ?? `a .${ext} file`;

/**
 * The name as shown and offered on download: the last path segment, without control characters,
 * at most 200 characters (keeping the extension). Never used as a path: storage keys are generated.
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim();
  const cleaned = base.replace(/^\.+/, '') || 'document';
  if (cleaned.length <= 200) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 200 - ext.length) + ext;
}

function looksLikeText(data: Buffer): boolean {
  const head = data.subarray(0, 8192);
  return !head.includes(0);
}

/**
 * What a file is, by its content (file-type), checked against its extension: a renamed file, an
 * unsupported type, an empty or over-sized file and a docx that unpacks to far more than its size
 * are refused with a message the user can act on.
 */
export async function checkUpload(
  name: string,
  data: Buffer,
  maxBytes: number,
  parseLimits: ParseLimits,
  /** Who uploads: the .docx check runs on the shared parsing threads in their share (429 past it). */
  who: WorkRequester,
): Promise<{ extension: DocumentExtension; mediaType: string }> {
  if (data.length > maxBytes) throw tooLarge(documentMessages.tooLarge(Math.round(maxBytes / 1024 / 1024)));
  if (data.length === 0) throw badRequest(documentMessages.empty, { file: documentMessages.empty });
  const extension = extractableTypeOf(name);
  if (!extension) throw badRequest(documentMessages.unsupported, { file: documentMessages.unsupported });
  const found = await fileTypeFromBuffer(data);
  const refuse = (actual: string) => {
    const message = documentMessages.mismatch(extension, actual);
    return badRequest(message, { file: message });
  };
  switch (extension) {
    case 'docx':
    case 'pdf':
      if (found?.ext !== extension) throw refuse(found ? labelOf(found.ext) : 'plain text');
      break;
    case 'msg':
      if (found?.ext !== 'cfb') throw refuse(found ? labelOf(found.ext) : 'plain text');
      break;
    default: {
      // Text formats: no binary signature, no NUL bytes, and the shape of the format.
      if (found && found.ext !== 'xml' && found.ext !== 'html') throw refuse(labelOf(found.ext));
      if (!looksLikeText(data)) throw refuse('a binary file');
      const head = data.subarray(0, 4096).toString('latin1');
      if (extension === 'html' && !/<(!doctype|html|head|body|p|div|table|span|h[1-6])[\s>]/i.test(head))
        throw refuse('plain text');
      if (extension === 'eml' && !/^(from|to|subject|date|received|return-path|message-id|mime-version):/im.test(head))
        throw refuse('plain text');
    }
  }
  if (extension === 'docx') {
    // Every entry is inflated and counted, on a parsing worker (the directory's declared sizes are an
    // attacker's to write, and inflating is work the request thread must not do).
    try {
      await checkZipInflationInWorker(parseLimits, who, data);
    } catch (error) {
      // The file's fault is answered as such; a parsing worker that could not run is a 500.
      if (!(error instanceof ParseLimitError || error instanceof ParseTaskError)) throw error;
      const message = isZipBomb(error)
        ? documentMessages.zipBomb
        : error instanceof ParseLimitError
          ? documentMessages.tooComplex
          : documentMessages.corrupt('docx');
      throw badRequest(message, { file: message });
    }
  }
  return { extension, mediaType: MEDIA_TYPES[extension] };
}
