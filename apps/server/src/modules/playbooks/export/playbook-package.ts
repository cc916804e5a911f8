import {
  PLAYBOOK_ATTACHMENT_EXTENSIONS,
  PLAYBOOK_LIMITS,
  PLAYBOOK_PACKAGE_FORMAT,
  PLAYBOOK_PACKAGE_VERSION,
  playbookMessages,
  playbookPackage,
  type PlaybookContent,
  type PlaybookPackage,
} from '@lexdesk/contract';
import { createHash } from 'node:crypto';
import { badRequest, tooLarge, type HttpError } from '../../../platform/errors/http-error.ts';

/** What the package needs beside a version's content: the names of its concept heads and its files. */
export interface PlaybookPackageInput {
  content: PlaybookContent;
  /**
   * The concept heads the entries link, by id, with their list's and their own name. A head missing here (it
   * was deleted since the version was published) is left out of the package.
   */
  conceptHeads: readonly { id: number; list: string; head: string }[];
  /** Every attachment of `content.attachments`, by id, with its content type and bytes. */
  attachments: readonly { id: number; content_type: string; data: Buffer }[];
}

type PackagedPlaybook = PlaybookPackage['playbook'];
type PackagedEntry = PackagedPlaybook['entries'][number];
type PackagedAttachment = PackagedPlaybook['attachments'][number];

/**
 * The lossless JSON package of a playbook (docs/playbooks.md, "The package"): its content without ids, each
 * attachment's bytes in base64 with its SHA-256. Keys come in a fixed order and every array whose order means
 * nothing is sorted (categories by name, concept heads by list and head, attachments by name, checksum and content type);
 * entries, fallbacks and unacceptable positions keep their order. So export → import → export gives the same
 * bytes, whatever ids the import gives the rows.
 */
export function packagePlaybook(input: PlaybookPackageInput): Buffer {
  const { content } = input;
  const categoryNames = new Map(content.categories.map((category) => [category.id, category.name]));
  const heads = new Map(input.conceptHeads.map((head) => [head.id, head]));
  const files = new Map(input.attachments.map((file) => [file.id, file]));
  return serializePlaybookPackage({
    format: PLAYBOOK_PACKAGE_FORMAT,
    version: PLAYBOOK_PACKAGE_VERSION,
    playbook: {
      name: content.name,
      playbook_type: content.playbook_type,
      description: content.description,
      categories: content.categories.map((category) => category.name),
      entries: content.entries.map((entry) => ({
        topic: entry.topic,
        category: entry.category_id === null ? null : (categoryNames.get(entry.category_id) ?? null),
        importance: entry.importance,
        standard_position: entry.standard_position,
        fallbacks: entry.fallbacks,
        unacceptable: entry.unacceptable,
        model_language: entry.model_language,
        concept_heads: entry.concept_head_ids.flatMap((id) => {
          const head = heads.get(id);
          return head ? [{ list: head.list, head: head.head }] : [];
        }),
      })),
      attachments: content.attachments.map((attachment) => {
        const file = files.get(attachment.id);
        if (!file) throw new Error(`packagePlaybook: no bytes for attachment ${attachment.id}`);
        return {
          file_name: attachment.file_name,
          content_type: file.content_type,
          sha256: sha256Hex(file.data),
          data_base64: file.data.toString('base64'),
        };
      }),
    },
  });
}

/**
 * A package's canonical bytes: UTF-8 JSON, two-space indented, with a final newline; keys in the contract's
 * order, duplicates of categories and concept heads dropped, the unordered arrays sorted.
 */
export function serializePlaybookPackage(pkg: PlaybookPackage): Buffer {
  const p = pkg.playbook;
  const canonical: PlaybookPackage = {
    format: pkg.format,
    version: pkg.version,
    playbook: {
      name: p.name,
      playbook_type: p.playbook_type,
      description: p.description,
      categories: [...new Set(p.categories)].sort(byCodeUnits),
      entries: p.entries.map(canonicalEntry),
      attachments: p.attachments
        .map((a) => ({
          file_name: a.file_name,
          content_type: a.content_type,
          sha256: a.sha256,
          data_base64: a.data_base64,
        }))
        // A total order (content type last), so two files of one name and bytes keep one place whatever ids
        // the import gives them.
        .sort(
          (a, b) =>
            byCodeUnits(a.file_name, b.file_name) ||
            byCodeUnits(a.sha256, b.sha256) ||
            byCodeUnits(a.content_type, b.content_type),
        ),
    },
  };
  return Buffer.from(`${JSON.stringify(canonical, null, 2)}\n`, 'utf8');
}

function canonicalEntry(entry: PackagedEntry): PackagedEntry {
  const heads = new Map(
    entry.concept_heads.map((h) => [JSON.stringify([h.list, h.head]), { list: h.list, head: h.head }]),
  );
  return {
    topic: entry.topic,
    category: entry.category,
    importance: entry.importance,
    standard_position: entry.standard_position,
    fallbacks: entry.fallbacks.map((f) => ({ position: f.position, guidance: f.guidance, approver: f.approver })),
    unacceptable: [...entry.unacceptable],
    model_language: entry.model_language,
    concept_heads: [...heads.values()].sort((a, b) => byCodeUnits(a.list, b.list) || byCodeUnits(a.head, b.head)),
  };
}

/**
 * Reads an uploaded package (POST playbook/import/): at most `PLAYBOOK_LIMITS.importBytes`, UTF-8 JSON of the
 * contract's `playbookPackage` (format 'lexdesk.playbook', version 1), each entry's category one of the
 * package's, each attachment an allowed file within the limits whose bytes match its SHA-256. Anything else
 * is refused with `playbookMessages.invalidPackage` (400; 413 when too large) and the reason as the error's
 * `cause`, or the attachment limits' own messages. The entries' texts are checked by the service, which
 * creates the playbook through the same rules as a saved draft.
 */
export function readPlaybookPackage(buffer: Uint8Array): PlaybookPackage {
  if (buffer.byteLength > PLAYBOOK_LIMITS.importBytes) {
    throw refused(tooLarge(playbookMessages.invalidPackage), 'the package is larger than the import limit');
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buffer));
  } catch {
    throw invalid('the file is not UTF-8 JSON');
  }
  const parsed = playbookPackage.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`${issue?.path.join('.') || 'package'}: ${issue?.message ?? 'invalid'}`);
  }
  const { playbook } = parsed.data;
  const categories = new Set(playbook.categories);
  playbook.entries.forEach((entry, index) => {
    if (entry.category !== null && !categories.has(entry.category)) {
      throw invalid(`entries.${index}.category "${entry.category}" is not one of the package's categories`);
    }
  });
  if (playbook.attachments.length > PLAYBOOK_LIMITS.attachmentsPerPlaybook) {
    throw badRequest(playbookMessages.tooManyAttachments);
  }
  for (const attachment of playbook.attachments) checkAttachment(attachment);
  return parsed.data;
}

/** An attachment's bytes, once `readPlaybookPackage` has checked them. */
export function packagedAttachmentData(attachment: PackagedAttachment): Buffer {
  return Buffer.from(attachment.data_base64, 'base64');
}

function checkAttachment(attachment: PackagedAttachment): void {
  const name = attachment.file_name;
  const extension = name.slice(name.lastIndexOf('.')).toLowerCase();
  if (!name.includes('.') || !(PLAYBOOK_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    throw badRequest(playbookMessages.attachmentType);
  }
  const data = packagedAttachmentData(attachment);
  // Node's decoder skips what is not base64; only the canonical encoding of the bytes is accepted.
  if (data.toString('base64') !== attachment.data_base64) throw invalid(`attachment "${name}" is not base64`);
  if (data.byteLength > PLAYBOOK_LIMITS.attachmentBytes) throw badRequest(playbookMessages.attachmentTooLarge);
  if (sha256Hex(data) !== attachment.sha256) throw invalid(`attachment "${name}" does not match its SHA-256`);
}

const invalid = (reason: string) => refused(badRequest(playbookMessages.invalidPackage), reason);

function refused(error: HttpError, reason: string): HttpError {
  error.cause = reason;
  return error;
}

const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Locale-independent order, so every server sorts alike. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
