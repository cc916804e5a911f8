import MsgReaderModule from '@kenjiuno/msgreader';
import { simpleParser, type AddressObject } from 'mailparser';
import { htmlToText } from '../../platform/extraction/html-text.ts';
import { asBuffer, parsePool, type ParseLimits } from '../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';

export interface ParsedAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface ParsedEmail {
  format: 'eml' | 'msg';
  subject: string;
  from: string;
  to: string;
  cc: string;
  sentAt: string | null;
  messageId: string | null;
  text: string;
  attachments: ParsedAttachment[];
}

/** Outlook .msg files are OLE compound files: they start with this signature. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An RFC 5322 message starts with a header field: a name of printable characters, then a colon. */
const HEADER_LINE = /^[\x21-\x39\x3b-\x7e]{1,76}:/;
const KNOWN_HEADERS = /^(from|to|subject|date|message-id|mime-version|received|return-path|cc|reply-to):/im;

/** What the bytes are, judged by content only: an .msg, an .eml, or neither. */
export function sniffEmailFormat(data: Buffer): 'eml' | 'msg' | null {
  if (data.subarray(0, 8).equals(OLE_SIGNATURE)) return 'msg';
  const head = data.subarray(0, 8192);
  if (head.includes(0)) return null;
  const text = head.toString('latin1').replace(/^\uFEFF/, '');
  if (!HEADER_LINE.test(text)) return null;
  const headerBlock = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return KNOWN_HEADERS.test(headerBlock) ? 'eml' : null;
}

const addressText = (value: AddressObject | AddressObject[] | undefined): string =>
  [value ?? []]
    .flat()
    .map((address) => address.text)
    .join(', ');

/** A file name that is safe to show and store as a document name (no folders, no control characters). */
export function safeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean && clean !== '.' && clean !== '..' ? clean : fallback;
}

async function parseEml(data: Buffer): Promise<ParsedEmail> {
  const mail = await simpleParser(data, { skipImageLinks: true, skipTextToHtml: true });
  const attachments = mail.attachments
    // Images embedded in the HTML body (signatures, logos) are part of the body, not attachments.
    .filter((part) => !part.related)
    .map((part, index) => ({
      fileName: safeFileName(part.filename, `attachment-${index + 1}`),
      contentType: part.contentType || 'application/octet-stream',
      content: part.content,
    }));
  const html = typeof mail.html === 'string' ? mail.html : '';
  return {
    format: 'eml',
    subject: mail.subject ?? '',
    from: addressText(mail.from),
    to: addressText(mail.to),
    cc: addressText(mail.cc),
    sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
    messageId: mail.messageId ?? null,
    text: mail.text ?? htmlToText(html),
    attachments,
  };
}

interface MsgRecipient {
  name?: string;
  email?: string;
  smtpAddress?: string;
  recipType?: string;
}

function msgAddress(name: string | undefined, email: string | undefined): string {
  if (name && email && name !== email) return `"${name}" <${email}>`;
  return email ?? name ?? '';
}

function parseMsg(data: Buffer): ParsedEmail {
  const MsgReader = (MsgReaderModule as unknown as { default?: typeof MsgReaderModule }).default ?? MsgReaderModule;
  // The reader reads the whole underlying ArrayBuffer: hand it a copy that holds exactly this file
  // (a small Buffer is a view into Node's shared pool).
  const bytes = new Uint8Array(data.byteLength);
  bytes.set(data);
  const reader = new MsgReader(bytes.buffer);
  const info = reader.getFileData();
  if (info.error) throw new Error(info.error);
  const recipients = (info.recipients ?? []) as MsgRecipient[];
  const list = (kind: string) =>
    recipients
      .filter((r) => (r.recipType ?? 'to') === kind)
      .map((r) => msgAddress(r.name, r.smtpAddress ?? r.email))
      .join(', ');
  const attachments = (info.attachments ?? [])
    .filter((attachment) => !attachment.innerMsgContent && !attachment.attachmentHidden)
    .map((attachment, index) => {
      const file = reader.getAttachment(attachment);
      return {
        fileName: safeFileName(file.fileName, `attachment-${index + 1}`),
        contentType: attachment.attachMimeTag ?? 'application/octet-stream',
        content: Buffer.from(file.content),
      };
    });
  const sent = info.clientSubmitTime ?? info.messageDeliveryTime ?? info.creationTime;
  const sentDate = sent ? new Date(sent) : null;
  return {
    format: 'msg',
    subject: info.subject ?? '',
    from: msgAddress(info.senderName, info.senderSmtpAddress ?? info.senderEmail),
    to: list('to'),
    cc: list('cc'),
    sentAt: sentDate && !Number.isNaN(sentDate.getTime()) ? sentDate.toISOString() : null,
    messageId: (info as { messageId?: string }).messageId ?? null,
    text: info.body ?? htmlToText(info.bodyHtml ?? ''),
    attachments,
  };
}

/** Parses an .eml or .msg file; throws when the bytes are neither (the caller answers 400). */
export async function parseEmailFile(data: Buffer): Promise<ParsedEmail> {
  const format = sniffEmailFormat(data);
  if (format === 'msg') return parseMsg(data);
  if (format === 'eml') return parseEml(data);
  throw new Error('not an email file');
}

/**
 * parseEmailFile on a parsing worker, within its time and memory limits: a hostile email costs one worker
 * for at most the time limit (ParseLimitError), never the thread that answers every organisation's requests.
 */
export async function parseEmailFileInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  data: Buffer,
): Promise<ParsedEmail> {
  const parsed = await parsePool(limits).run<ParsedEmail>(who, new URL(import.meta.url), 'parseEmailFile', [data]);
  return { ...parsed, attachments: parsed.attachments.map((a) => ({ ...a, content: asBuffer(a.content) })) };
}
