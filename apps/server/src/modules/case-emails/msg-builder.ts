import { burn, type Entry } from '@kenjiuno/msgreader/lib/Burner.js';
import { TypeEnum } from '@kenjiuno/msgreader/lib/Reader.js';
import { randomUUID } from 'node:crypto';

export interface MsgAddress {
  name: string;
  email: string;
}

export interface MsgAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MsgInput {
  from: MsgAddress;
  to: MsgAddress[];
  cc?: MsgAddress[];
  subject: string;
  date: Date;
  /** The plain-text body; without one a reader falls back to `html`. */
  text?: string;
  html?: string;
  messageId?: string;
  attachments?: MsgAttachment[];
}

// Property types of MS-OXCDATA 2.11.1 used here.
const PT_LONG = 0x0003;
const PT_UNICODE = 0x001f;
const PT_SYSTIME = 0x0040;
const PT_BINARY = 0x0102;
const PROPATTR_READABLE_WRITABLE = 0x2 | 0x4;
// Outlook marks a store whose strings are UTF-16 (PR_STORE_SUPPORT_MASK): readers then expect PT_UNICODE.
const STORE_UNICODE_OK = 0x00040000;
const MSGFLAG_READ = 0x1;
const MSGFLAG_HASATTACH = 0x10;
const ATTACH_BY_VALUE = 1;
const MAPI_TO = 1;
const MAPI_CC = 2;

interface Prop {
  id: number;
  type: number;
  value: number | string | Date | Buffer;
}

/** A storage (folder) or a stream (file) of the compound file, before it is flattened for the burner. */
interface Node {
  name: string;
  data?: Buffer;
  children?: Node[];
}

const long = (id: number, value: number): Prop => ({ id, type: PT_LONG, value });
const text = (id: number, value: string): Prop => ({ id, type: PT_UNICODE, value });
const hex8 = (value: number) => value.toString(16).toUpperCase().padStart(8, '0');

/** FILETIME: 100-nanosecond ticks since 1601-01-01 UTC. */
const fileTime = (date: Date) => BigInt(date.getTime()) * 10_000n + 116_444_736_000_000_000n;

/**
 * The property stream (`__properties_version1.0`, MS-OXMSG 2.4) and one `__substg1.0_` stream per
 * variable-length value. Fixed-size values sit in the 16-byte entry; a string's or binary's entry holds
 * its size instead (a string's size counts the terminating null the stream leaves out).
 */
function propertyNodes(props: Prop[], header: Buffer): Node[] {
  const streams: Node[] = [];
  const rows = props.map(({ id, type, value }) => {
    const tag = ((id << 16) | type) >>> 0;
    const row = Buffer.alloc(16);
    row.writeUInt32LE(tag, 0);
    row.writeUInt32LE(PROPATTR_READABLE_WRITABLE, 4);
    if (type === PT_LONG) row.writeUInt32LE(Number(value) >>> 0, 8);
    else if (type === PT_SYSTIME) row.writeBigUInt64LE(fileTime(value as Date), 8);
    else {
      const data = type === PT_UNICODE ? Buffer.from(String(value), 'utf16le') : (value as Buffer);
      row.writeUInt32LE(data.length + (type === PT_UNICODE ? 2 : 0), 8);
      streams.push({ name: `__substg1.0_${hex8(tag)}`, data });
    }
    return row;
  });
  return [{ name: '__properties_version1.0', data: Buffer.concat([header, ...rows]) }, ...streams];
}

/** The short (8.3) name older clients show: Outlook writes it next to the long one. */
function shortName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const extension = dot > 0 ? fileName.slice(dot + 1, dot + 4).toUpperCase() : '';
  const base = stem.length > 8 ? `${stem.slice(0, 6)}~1` : stem || 'FILE';
  return extension ? `${base}.${extension}` : base;
}

function recipientNode(recipient: MsgAddress, kind: number, index: number): Node {
  const props = [
    long(0x3000, index), // PR_ROWID
    long(0x0c15, kind), // PR_RECIPIENT_TYPE
    text(0x3001, recipient.name), // PR_DISPLAY_NAME
    text(0x3002, 'SMTP'), // PR_ADDRTYPE
    text(0x3003, recipient.email), // PR_EMAIL_ADDRESS
    text(0x39fe, recipient.email), // PR_SMTP_ADDRESS
  ];
  // Recipient and attachment property streams start with an 8-byte reserved header.
  return { name: `__recip_version1.0_#${hex8(index)}`, children: propertyNodes(props, Buffer.alloc(8)) };
}

function attachmentNode(attachment: MsgAttachment, index: number): Node {
  const dot = attachment.fileName.lastIndexOf('.');
  const props: Prop[] = [
    long(0x0e21, index), // PR_ATTACH_NUM
    long(0x3705, ATTACH_BY_VALUE), // PR_ATTACH_METHOD: the bytes are in PR_ATTACH_DATA_BIN
    text(0x3001, attachment.fileName), // PR_DISPLAY_NAME
    text(0x3707, attachment.fileName), // PR_ATTACH_LONG_FILENAME
    text(0x3704, shortName(attachment.fileName)), // PR_ATTACH_FILENAME
    ...(dot > 0 ? [text(0x3703, attachment.fileName.slice(dot))] : []), // PR_ATTACH_EXTENSION
    text(0x370e, attachment.contentType), // PR_ATTACH_MIME_TAG
    { id: 0x3701, type: PT_BINARY, value: attachment.content }, // PR_ATTACH_DATA_BIN
  ];
  return { name: `__attach_version1.0_#${hex8(index)}`, children: propertyNodes(props, Buffer.alloc(8)) };
}

/** The entries in the order `burn` wants: root first, each storage listing its children's indices. */
function flatten(root: Node): Entry[] {
  const entries: Entry[] = [];
  const add = (node: Node): number => {
    const index = entries.length;
    // The burner copies from the start of `bytes.buffer`, ignoring the view's offset: a small Buffer is a
    // view into Node's shared pool, so each stream gets an ArrayBuffer of its own.
    const bytes = node.data ? new Uint8Array(node.data) : null;
    const entry: Entry = bytes
      ? { name: node.name, type: TypeEnum.DOCUMENT, length: bytes.length, binaryProvider: () => bytes }
      : { name: node.name, type: index === 0 ? TypeEnum.ROOT : TypeEnum.DIRECTORY, length: 0, children: [] };
    entries.push(entry);
    for (const child of node.children ?? []) entry.children?.push(add(child));
    return index;
  };
  add(root);
  return entries;
}

/**
 * A genuine Outlook .msg (MS-OXMSG: a compound file of MAPI properties) with recipients and attachments,
 * written with the compound-file writer that ships with @kenjiuno/msgreader. For tests: no third-party
 * .msg file is copied into the repository.
 */
export function buildMsg(input: MsgInput): Buffer {
  const attachments = input.attachments ?? [];
  const recipients = [
    ...input.to.map((r) => [r, MAPI_TO] as const),
    ...(input.cc ?? []).map((r) => [r, MAPI_CC] as const),
  ];
  const list = (items: MsgAddress[]) => items.map((r) => r.name).join('; ');
  const props: Prop[] = [
    text(0x001a, 'IPM.Note'), // PR_MESSAGE_CLASS
    text(0x0037, input.subject), // PR_SUBJECT
    ...(input.text !== undefined ? [text(0x1000, input.text)] : []), // PR_BODY
    ...(input.html !== undefined ? [text(0x1013, input.html)] : []), // PR_BODY_HTML
    text(0x0c1a, input.from.name), // PR_SENDER_NAME
    text(0x0c1e, 'SMTP'), // PR_SENDER_ADDRTYPE
    text(0x0c1f, input.from.email), // PR_SENDER_EMAIL_ADDRESS
    text(0x5d01, input.from.email), // PR_SENDER_SMTP_ADDRESS
    text(0x0e04, list(input.to)), // PR_DISPLAY_TO
    ...(input.cc?.length ? [text(0x0e03, list(input.cc))] : []), // PR_DISPLAY_CC
    { id: 0x0039, type: PT_SYSTIME, value: input.date }, // PR_CLIENT_SUBMIT_TIME
    text(0x1035, input.messageId ?? `<${randomUUID()}@lexdesk.example>`), // PR_INTERNET_MESSAGE_ID
    long(0x0e07, MSGFLAG_READ | (attachments.length > 0 ? MSGFLAG_HASATTACH : 0)), // PR_MESSAGE_FLAGS
    long(0x340d, STORE_UNICODE_OK), // PR_STORE_SUPPORT_MASK
  ];
  // The top-level header (32 bytes): 8 reserved, next recipient id, next attachment id, the two counts, 8 reserved.
  const header = Buffer.alloc(32);
  header.writeUInt32LE(recipients.length, 8);
  header.writeUInt32LE(attachments.length, 12);
  header.writeUInt32LE(recipients.length, 16);
  header.writeUInt32LE(attachments.length, 20);
  // No named properties are used: the mapping storage is present with its three streams empty.
  const nameid: Node = {
    name: '__nameid_version1.0',
    children: ['00020102', '00030102', '00040102'].map((tag) => ({
      name: `__substg1.0_${tag}`,
      data: Buffer.alloc(0),
    })),
  };
  const root: Node = {
    name: 'Root Entry',
    children: [
      ...propertyNodes(props, header),
      nameid,
      ...recipients.map(([recipient, kind], index) => recipientNode(recipient, kind, index)),
      ...attachments.map((attachment, index) => attachmentNode(attachment, index)),
    ],
  };
  return Buffer.from(burn(flatten(root)));
}
