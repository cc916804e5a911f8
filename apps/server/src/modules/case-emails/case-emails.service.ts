import {
  caseEmailMessages,
  EMAIL_ATTACHMENTS_MAX,
  type CaseEmail,
  type CaseEmailDetail,
  type CaseEmailList,
  type CaseEmailQuery,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { ParseLimitError, ParseTaskError } from '../../platform/parsing/parse-pool.ts';
import { isQueueRefusal, userWork } from '../../platform/queues/fair-queue.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { requireCase } from '../case-records/index.ts';
import { insertPreparedDocument, type PreparedDocument } from '../documents/index.ts';
import { prepareAttachmentDocument } from './attachment-documents.ts';
import * as repo from './case-emails.repo.ts';
import { parseEmailFileInWorker, safeFileName, sniffEmailFormat, type ParsedAttachment } from './email-parse.ts';

const STORAGE_AREA = 'case-emails';

interface EmailListRow {
  id: number;
  case_id: number;
  subject: string;
  from_address: string;
  to_addresses: string;
  cc_addresses: string;
  sent_at: string | null;
  file_name: string;
  format: 'eml' | 'msg';
  size_bytes: number;
  deleted_at: string | null;
  created_at: string;
  created_by: string | null;
  attachment_count: number | string | bigint | null;
}

function toEmail(row: EmailListRow): CaseEmail {
  const attachments = Number(row.attachment_count ?? 0);
  return {
    emailId: row.id,
    case_id: row.case_id,
    subject: row.subject,
    from_address: row.from_address,
    to_addresses: row.to_addresses,
    cc_addresses: row.cc_addresses,
    sent_at: row.sent_at,
    file_name: row.file_name,
    format: row.format,
    size_bytes: row.size_bytes,
    hasAttachments: attachments > 0,
    attachment_count: attachments,
    deleted_at: row.deleted_at,
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

export interface UploadedEmail {
  fileName: string;
  data: Buffer;
}

/** Emails of a case (spec 01 §6 Emails): import with attachments, recycle bin, restore, delete for good. */
export function caseEmailsService(ctx: AppContext) {
  async function requireEmail(actor: Actor, emailId: number): Promise<repo.EmailRow> {
    const row = await repo.findEmail(ctx.db, actor.organisationId, emailId);
    if (!row) throw notFound();
    return row;
  }

  async function detailOf(actor: Actor, emailId: number): Promise<CaseEmailDetail> {
    const row = await requireEmail(actor, emailId);
    const attachments = await repo.listAttachments(ctx.db, actor.organisationId, emailId);
    return { ...toEmail(row), body_text: row.body_text, attachments };
  }

  return {
    /** The live emails (or, with `deleted`, the recycle bin) of a case of the actor's organisation. */
    async list(actor: Actor, caseId: number, query: CaseEmailQuery): Promise<CaseEmailList> {
      await requireCase(ctx, actor, caseId);
      const { rows, total } = await repo.listEmails(ctx.db, actor.organisationId, {
        caseId,
        deleted: query.deleted,
        search: query.search_key,
        offset: (query.page_no - 1) * query.limits,
        limit: query.limits,
      });
      return { data: rows.map(toEmail), page: pageInfoOf(query, total) };
    },

    detail: detailOf,

    /**
     * Imports one .eml or .msg into the case: the original file is stored, each attachment becomes a case
     * document, and the email, its attachments and the audit event are committed together or not at all.
     * The parse runs on a parsing worker and the files are stored before the one short transaction opens;
     * the files of an import that fails are removed again.
     */
    async import(actor: Actor, caseId: number, file: UploadedEmail, signal: AbortSignal): Promise<CaseEmailDetail> {
      await requireCase(ctx, actor, caseId);
      const extension = file.fileName.toLowerCase().split('.').pop();
      const sniffed = sniffEmailFormat(file.data);
      if ((extension !== 'eml' && extension !== 'msg') || sniffed !== extension) {
        throw badRequest(caseEmailMessages.fileType, { file: caseEmailMessages.fileType });
      }
      let parsed;
      try {
        // On a parsing worker, within its time and memory limits: never on the thread that answers requests.
        parsed = await parseEmailFileInWorker(ctx.config.parse, userWork(actor, signal), file.data);
      } catch (error) {
        // The file's fault is answered as such; a parsing worker that could not run is a 500.
        if (!(error instanceof ParseLimitError || error instanceof ParseTaskError)) throw error;
        const message = error instanceof ParseLimitError ? caseEmailMessages.tooComplex : caseEmailMessages.unreadable;
        throw badRequest(message, { file: message });
      }
      const attachments = parsed.attachments.slice(0, EMAIL_ATTACHMENTS_MAX);
      // Files first, with no transaction open (each attachment is checked, on a parsing worker for a .docx,
      // and written): the database is locked only for the short insert of the rows below.
      const stored: string[] = [];
      let emailId: number;
      try {
        const key = await blobStorage(ctx).put(STORAGE_AREA, file.data);
        stored.push(key);
        const prepared: { attachment: ParsedAttachment; document: PreparedDocument | null; note: string | null }[] = [];
        for (const attachment of attachments) {
          try {
            const document = await prepareAttachmentDocument(ctx, caseId, attachment, userWork(actor, signal));
            stored.push(document.key);
            prepared.push({ attachment, document, note: null });
          } catch (error) {
            // A type the document store refuses is listed with the reason instead of failing the import.
            // A full queue or a client gone is not the attachment's fault: the import fails as a whole.
            if (!(error instanceof HttpError) || error.statusCode >= 500 || isQueueRefusal(error)) throw error;
            prepared.push({ attachment, document: null, note: error.message });
          }
        }
        emailId = await inTransaction(ctx, async (tx) => {
          const now = nowIso(tx);
          const id = await repo.insertEmail(tx.db, {
            organisation_id: actor.organisationId,
            case_id: caseId,
            subject: parsed.subject.slice(0, 1000),
            from_address: parsed.from.slice(0, 1000),
            to_addresses: parsed.to.slice(0, 4000),
            cc_addresses: parsed.cc.slice(0, 4000),
            sent_at: parsed.sentAt,
            message_id: parsed.messageId,
            body_text: parsed.text,
            file_name: safeFileName(file.fileName, `email.${parsed.format}`),
            format: parsed.format,
            size_bytes: file.data.length,
            storage_key: key,
            created_by_id: actor.userId,
            created_at: now,
          });
          for (const { attachment, document, note } of prepared) {
            const documentId = document ? await insertPreparedDocument(tx, actor, document, id) : null;
            await repo.insertAttachment(tx.db, {
              organisation_id: actor.organisationId,
              email_id: id,
              document_id: documentId,
              file_name: attachment.fileName,
              content_type: attachment.contentType,
              size_bytes: attachment.content.length,
              note,
            });
          }
          await auditService(tx).record(actor, 'case', caseId, 'email.imported', {
            email_id: id,
            attachments: attachments.length,
          });
          return id;
        });
      } catch (error) {
        // Nothing refers to the files: the transaction that would have stored their rows never committed.
        await removeBlobs(ctx, stored);
        throw error;
      }
      // The attachments' indexing jobs were queued inside this transaction: start them now it committed.
      if (!ctx.db.isTransaction) wakeJobRunners();
      return detailOf(actor, emailId);
    },

    /** Moves the email to the recycle bin (its attachment documents stay in the case). */
    async moveToBin(actor: Actor, emailId: number): Promise<void> {
      const row = await requireEmail(actor, emailId);
      if (row.deleted_at) throw conflict(caseEmailMessages.inBin);
      await inTransaction(ctx, async (tx) => {
        await repo.setDeleted(tx.db, actor.organisationId, emailId, nowIso(tx), actor.userId);
        await auditService(tx).record(actor, 'case', row.case_id, 'email.deleted', {
          email_id: emailId,
        });
      });
    },

    /** Takes the email out of the recycle bin. */
    async restore(actor: Actor, emailId: number): Promise<CaseEmailDetail> {
      const row = await requireEmail(actor, emailId);
      if (!row.deleted_at) throw conflict(caseEmailMessages.notInBin);
      await inTransaction(ctx, async (tx) => {
        await repo.setDeleted(tx.db, actor.organisationId, emailId, null, null);
        await auditService(tx).record(actor, 'case', row.case_id, 'email.restored', {
          email_id: emailId,
        });
      });
      return detailOf(actor, emailId);
    },

    /** Deletes an email of the recycle bin for good; its stored file goes after the commit. */
    async deleteForGood(actor: Actor, emailId: number): Promise<void> {
      const row = await requireEmail(actor, emailId);
      if (!row.deleted_at) throw conflict(caseEmailMessages.notInBin);
      await inTransaction(ctx, async (tx) => {
        await repo.deleteEmail(tx.db, actor.organisationId, emailId);
        await auditService(tx).record(actor, 'case', row.case_id, 'email.purged', {
          email_id: emailId,
        });
      });
      await removeBlobs(ctx, [row.storage_key]);
    },

    /** The original file, for download. */
    async original(actor: Actor, emailId: number): Promise<{ fileName: string; format: 'eml' | 'msg'; data: Buffer }> {
      const row = await requireEmail(actor, emailId);
      return { fileName: row.file_name, format: row.format, data: await blobStorage(ctx).get(row.storage_key) };
    },
  };
}
