import type { Attachment } from 'mailparser';
import { parsePool, type ParseLimits } from '../parsing/parse-pool.ts';
import type { WorkRequester } from '../queues/fair-queue.ts';
import { htmlToText } from './html-text.ts';
import { checkZipInflation } from './zip-inflate.ts';

/** File types whose text we extract (the contract's DOCUMENT_EXTENSIONS). */
export type ExtractableType = 'docx' | 'pdf' | 'txt' | 'html' | 'eml' | 'msg';

// The readers are loaded on first use: pdf.js alone would add a second to every server start.
async function loadMsgReader() {
  const module = await import('@kenjiuno/msgreader');
  // The package's CommonJS default export arrives wrapped once or twice under tsx/ESM.
  const first = module.default as unknown as { default?: typeof module.default };
  return (first.default ?? module.default) as typeof module.default;
}

/** How deep attachments inside attachments are followed (an .eml inside an .eml inside …). */
const MAX_NESTING = 3;

/** Decodes text as UTF-8 (BOM removed), or as Windows-1252 when it is not valid UTF-8. */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The extension of a file name we can extract, or undefined. */
export function extractableTypeOf(name: string): ExtractableType | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'htm') return 'html';
  return ext && ['docx', 'pdf', 'txt', 'html', 'eml', 'msg'].includes(ext) ? (ext as ExtractableType) : undefined;
}

/**
 * Plain text of a document (platform/extraction): docx (mammoth), pdf (unpdf), html, eml (mailparser)
 * and msg (msgreader) with the text of their attachments, txt. Throws on a file it cannot read.
 */
export async function extractText(data: Buffer, type: ExtractableType, depth = 0): Promise<string> {
  switch (type) {
    case 'txt':
      return decodeText(data);
    case 'html':
      return htmlToText(decodeText(data));
    case 'docx': {
      // Also for a .docx attached to an .eml or .msg, which no upload check has seen: counted before mammoth.
      await checkZipInflation(data);
      const { default: mammoth } = await import('mammoth');
      return (await mammoth.extractRawText({ buffer: data })).value;
    }
    case 'pdf': {
      const { extractText: extractPdfText } = await import('unpdf');
      const { text } = await extractPdfText(new Uint8Array(data), { mergePages: true });
      return text;
    }
    case 'eml':
      return extractEml(data, depth);
    case 'msg':
      return extractMsg(data, depth);
  }
}

/** extractText on a parsing worker, within its time and memory limits (ParseLimitError past them). */
export function extractTextInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  data: Buffer,
  type: ExtractableType,
): Promise<string> {
  return parsePool(limits).run<string>(who, new URL(import.meta.url), 'extractText', [data, type]);
}

async function attachmentTexts(attachments: { name: string; content: Buffer }[], depth: number): Promise<string[]> {
  if (depth >= MAX_NESTING) return [];
  const texts: string[] = [];
  for (const attachment of attachments) {
    const type = extractableTypeOf(attachment.name);
    if (!type) continue;
    try {
      texts.push(`\n\nAttachment: ${attachment.name}\n\n${await extractText(attachment.content, type, depth + 1)}`);
    } catch {
      texts.push(`\n\nAttachment: ${attachment.name} (unreadable)`);
    }
  }
  return texts;
}

async function extractEml(data: Buffer, depth: number): Promise<string> {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(data);
  const addresses = (value: typeof mail.from | typeof mail.to) =>
    (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');
  const head = [
    `Subject: ${mail.subject ?? ''}`,
    `From: ${addresses(mail.from)}`,
    `To: ${addresses(mail.to)}`,
    mail.date ? `Date: ${mail.date.toISOString()}` : '',
  ].filter(Boolean);
  const body = mail.text ?? (typeof mail.html === 'string' ? htmlToText(mail.html) : '');
  const attached = await attachmentTexts(
    mail.attachments.map((a: Attachment) => ({ name: a.filename ?? '', content: a.content })),
    depth,
  );
  return [head.join('\n'), '', body, ...attached].join('\n');
}

async function extractMsg(data: Buffer, depth: number): Promise<string> {
  const MsgReader = await loadMsgReader();
  const reader = new MsgReader(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  const fields = reader.getFileData();
  if (fields.error) throw new Error(fields.error);
  const head = [`Subject: ${fields.subject ?? ''}`, `From: ${fields.senderName ?? ''} ${fields.senderEmail ?? ''}`];
  const body = fields.body ?? (fields.bodyHtml ? htmlToText(fields.bodyHtml) : '');
  const attachments = (fields.attachments ?? [])
    .filter((a) => !a.innerMsgContent)
    .map((a) => {
      const file = reader.getAttachment(a);
      return { name: file.fileName, content: Buffer.from(file.content) };
    });
  return [head.join('\n'), '', body, ...(await attachmentTexts(attachments, depth))].join('\n');
}
