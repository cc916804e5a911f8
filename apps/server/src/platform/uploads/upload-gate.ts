import { documentMessages } from '@lexdesk/contract';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, tooLarge } from '../errors/http-error.ts';
import { checkZipInflationInWorker, isZipBomb } from '../extraction/zip-inflate.ts';
import { ParseLimitError, ParseTaskError, type ParseLimits } from '../parsing/parse-pool.ts';
import type { WorkRequester } from '../queues/fair-queue.ts';

/**
 * The one gate every uploaded file passes before it is stored (issue 29): its name gives the type it claims,
 * the module's allow-list says whether that type is welcome, and its bytes must be that type. A module never
 * stores a file on its name alone (a task once kept "a .pdf" that was an HTML page, served back as a PDF).
 */
export type UploadType = 'docx' | 'pdf' | 'txt' | 'html' | 'eml' | 'msg' | 'doc' | 'xlsx' | 'png' | 'jpg';

interface TypeRule {
  mediaType: string;
  /** file-type's names for this format's signature; none for text formats, which have no signature. */
  signatures?: readonly string[];
  /** A zip container: every entry is inflated and counted before it is stored. */
  zip?: boolean;
  /** For text formats: the first 4 KB must show the format's shape. */
  textShape?: RegExp;
}

const RULES: Record<UploadType, TypeRule> = {
  docx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    signatures: ['docx'],
    zip: true,
  },
  xlsx: {
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    signatures: ['xlsx'],
    zip: true,
  },
  pdf: { mediaType: 'application/pdf', signatures: ['pdf'] },
  // Outlook messages and Word 97 documents are both OLE compound files; file-type names the container.
  msg: { mediaType: 'application/vnd.ms-outlook', signatures: ['cfb'] },
  doc: { mediaType: 'application/msword', signatures: ['cfb', 'doc'] },
  png: { mediaType: 'image/png', signatures: ['png'] },
  jpg: { mediaType: 'image/jpeg', signatures: ['jpg'] },
  txt: { mediaType: 'text/plain; charset=utf-8' },
  html: {
    mediaType: 'text/html; charset=utf-8',
    textShape: /<(!doctype|html|head|body|p|div|table|span|h[1-6])[\s>]/i,
  },
  eml: {
    mediaType: 'message/rfc822',
    textShape: /^(from|to|subject|date|received|return-path|message-id|mime-version):/im,
  },
};

/** What extraction can read: the case documents' allow-list, and the attachments that are searched. */
export const EXTRACTABLE_UPLOADS = [
  'docx',
  'pdf',
  'txt',
  'html',
  'eml',
  'msg',
] as const satisfies readonly UploadType[];

const ALIASES: Record<string, UploadType> = { htm: 'html', jpeg: 'jpg' };

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
  html: 'a web page',
  xml: 'an XML file',
};
const labelOf = (ext: string) => FOUND_LABELS[ext] ?? `a .${ext} file`;

/** The type a file name claims, if it is one of `accept`. */
export function claimedType<T extends UploadType>(name: string, accept: readonly T[]): T | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const type = ext ? (ALIASES[ext] ?? ext) : undefined;
  return (accept as readonly string[]).includes(type ?? '') ? (type as T) : undefined;
}

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

export interface UploadPolicy<T extends UploadType> {
  /** The module's allow-list. */
  accept: readonly T[];
  maxBytes: number;
  /** The module's words for a type it does not take, and for a file over its limit. */
  unsupported: string;
  tooLarge: string;
}

/**
 * A module's policy from its allow-list as the contract writes it ('.pdf', '.docx', …). A type the gate cannot
 * sniff stops the module from loading, so no module accepts a file on its name alone.
 */
export function uploadPolicy(
  extensions: readonly string[],
  limits: { maxBytes: number; unsupported: string; tooLarge: string },
): UploadPolicy<UploadType> {
  const accept = extensions.map((extension) => {
    const type = extension.replace(/^\./, '').toLowerCase();
    const known = ALIASES[type] ?? type;
    if (!(known in RULES)) throw new Error(`upload-gate: no rule sniffs ${extension}; add one to RULES`);
    return known as UploadType;
  });
  return { accept, ...limits };
}

/** Why text claimed by a text format is not one: a signature of another format, a NUL byte, the wrong shape. */
function textProblem(rule: TypeRule, data: Buffer, found: { ext: string } | undefined): string | null {
  // file-type recognises XML and HTML by their text; for a .txt or .eml they are only text.
  if (found && found.ext !== 'xml' && found.ext !== 'html') return labelOf(found.ext);
  if (data.subarray(0, 8192).includes(0)) return 'a binary file';
  if (rule.textShape && !rule.textShape.test(data.subarray(0, 4096).toString('latin1'))) return 'plain text';
  return null;
}

/**
 * Refuses, with a message the user can act on, a file whose type the module does not take, an empty or
 * over-sized one, one whose bytes are another type than its name says, and a zip container (.docx, .xlsx)
 * that inflates to far more than its size. The inflation count runs on the shared parsing threads, in the
 * uploader's share (429 past it).
 */
export async function checkUpload<T extends UploadType>(
  name: string,
  data: Buffer,
  policy: UploadPolicy<T>,
  parseLimits: ParseLimits,
  who: WorkRequester,
): Promise<{ extension: T; mediaType: string }> {
  if (data.length > policy.maxBytes) throw tooLarge(policy.tooLarge);
  if (data.length === 0) throw badRequest(documentMessages.empty, { file: documentMessages.empty });
  const extension = claimedType(name, policy.accept);
  if (!extension) throw badRequest(policy.unsupported, { file: policy.unsupported });
  const rule = RULES[extension];
  const found = await fileTypeFromBuffer(data);
  const actual = rule.signatures
    ? found && rule.signatures.includes(found.ext)
      ? null
      : found
        ? labelOf(found.ext)
        : 'plain text'
    : textProblem(rule, data, found);
  if (actual) {
    const message = documentMessages.mismatch(extension, actual);
    throw badRequest(message, { file: message });
  }
  if (rule.zip) await checkInflation(extension, data, parseLimits, who);
  return { extension, mediaType: rule.mediaType };
}

/** Every entry inflated and counted on a parsing worker: a zip directory's declared sizes are an attacker's to write. */
async function checkInflation(extension: UploadType, data: Buffer, parseLimits: ParseLimits, who: WorkRequester) {
  try {
    await checkZipInflationInWorker(parseLimits, who, data);
  } catch (error) {
    // The file's fault is answered as such; a parsing worker that could not run is a 500.
    if (!(error instanceof ParseLimitError || error instanceof ParseTaskError)) throw error;
    const message = isZipBomb(error)
      ? documentMessages.zipBomb
      : error instanceof ParseLimitError
        ? documentMessages.tooComplex
        : documentMessages.corrupt(extension);
    throw badRequest(message, { file: message });
  }
}
