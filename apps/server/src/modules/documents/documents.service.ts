import {
  can,
  documentMessages,
  type AccessSubject,
  type DocumentExtension,
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentRow,
  type SolrDocumentResponse,
} from '@lexdesk/contract';
import { createHash } from 'node:crypto';
import { dialectOf } from '../../db/dialect.ts';
import type { DocumentSource } from '../../db/tables/cases.ts';
import type { StoredDownload } from '../../platform/http/send-download.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { enqueueJob, wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { casesService } from '../cases/index.ts';
import {
  caseExists,
  deleteDocumentRows,
  documentKeys,
  findDocument,
  insertDocument,
  listCaseDocuments,
  type DocumentRowData,
} from './documents.repo.ts';
import { documentSearch } from './document-search.ts';
import { safeFileName } from '../../platform/uploads/upload-gate.ts';
import { checkDocumentUpload } from './upload-checks.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';

export const INDEX_JOB = 'documents.index';
const STORAGE_AREA = 'documents';

/** Who adds or removes documents: a signed-in user (an Actor), or a service acting for one. */
export interface DocumentActor extends Partial<AccessSubject> {
  organisationId: number;
  userId: number | null;
}

export interface AddDocumentInput {
  caseId: number;
  /** The file name as the user knows it; cleaned by safeFileName, never used as a path. */
  name: string;
  data: Buffer;
  /** Where it came from: an upload (default), an email's attachment, a generated document. */
  source?: DocumentSource;
  /** The case email it arrived with (source 'email'). */
  emailId?: number | null;
  /** Who adds it: a .docx is checked on the shared parsing threads, in their share (platform/queues). */
  who: WorkRequester;
}

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export function toDocumentRow(row: DocumentRowData, actor: DocumentActor): DocumentRow {
  return {
    id: row.id,
    case_id: row.case_id,
    name: row.original_name,
    extension: row.extension as DocumentExtension,
    media_type: row.media_type,
    size_bytes: Number(row.size_bytes),
    source: row.source,
    email_id: row.email_id,
    indexing_state: row.indexing_state,
    indexing_error: row.indexing_error,
    uploaded_by: nameOf(row.uploader_first, row.uploader_last),
    created_at: row.created_at,
    actions: { download: true, delete: canDelete(actor, row) },
  };
}

/** Super and admin delete any document, a plain user their own uploads; a service acting for no user, any. */
function canDelete(actor: DocumentActor, row: Pick<DocumentRowData, 'uploaded_by'>): boolean {
  if (actor.userId !== null && row.uploaded_by === actor.userId) return true;
  const { role, plan, modules } = actor;
  return !role || !plan || !modules || can({ role, plan, modules }, 'case.documents.deleteAny');
}

/**
 * Removes documents (rows, index entries) in the caller's transaction and returns their storage keys:
 * pass them to removeBlobs once the transaction has committed.
 */
export async function removeDocumentRows(
  ctx: AppContext,
  organisationId: number,
  where: { caseId?: number; documentIds?: readonly number[] },
): Promise<string[]> {
  const rows = await documentKeys(ctx.db, organisationId, where);
  const ids = rows.map((r) => r.id);
  await documentSearch(ctx).removeFromIndex(organisationId, ids);
  await deleteDocumentRows(ctx.db, organisationId, ids);
  return rows.map((r) => r.storage_key);
}

/** A checked file already in storage, waiting for its row (insertPreparedDocument), or for removeBlobs. */
export interface PreparedDocument {
  caseId: number;
  name: string;
  extension: DocumentExtension;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  /** The stored file: remove it with removeBlobs if its row is never committed. */
  key: string;
  source: DocumentSource;
}

/**
 * The slow half of adding a document, outside any transaction: checks size, type by content and zip
 * bombs (throws the 4xx to show), then stores the file. Holds no database lock while it works.
 */
export async function prepareCaseDocument(ctx: AppContext, input: AddDocumentInput): Promise<PreparedDocument> {
  const name = safeFileName(input.name);
  const { uploadMaxBytes, parse } = ctx.config;
  const { extension, mediaType } = await checkDocumentUpload(name, input.data, uploadMaxBytes, parse, input.who);
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  const key = await blobStorage(ctx).put(STORAGE_AREA, input.data);
  return {
    caseId: input.caseId,
    name,
    extension,
    mediaType,
    sizeBytes: input.data.length,
    sha256,
    key,
    source: input.source ?? 'upload',
  };
}

/**
 * The quick half, inside the caller's transaction: the row, its indexing job and the audit event of a
 * prepared document. Call wakeJobRunners after the commit. 404 when the case is gone meanwhile.
 */
export async function insertPreparedDocument(
  tx: AppContext,
  actor: DocumentActor,
  prepared: PreparedDocument,
  emailId: number | null = null,
): Promise<number> {
  if (!(await caseExists(tx.db, actor.organisationId, prepared.caseId))) throw notFound();
  const now = nowIso(tx);
  const documentId = await insertDocument(tx.db, {
    organisation_id: actor.organisationId,
    case_id: prepared.caseId,
    original_name: prepared.name,
    media_type: prepared.mediaType,
    extension: prepared.extension,
    size_bytes: prepared.sizeBytes,
    sha256: prepared.sha256,
    storage_key: prepared.key,
    source: prepared.source,
    email_id: emailId,
    indexing_state: 'queued',
    indexing_error: null,
    indexed_at: null,
    uploaded_by: actor.userId,
    created_at: now,
  });
  await casesService(tx).touch(actor.organisationId, prepared.caseId, now);
  await enqueueJob(tx, INDEX_JOB, { documentId }, { organisationId: actor.organisationId });
  await auditService(tx).record(actor, 'case', prepared.caseId, 'document.added', {
    document_id: documentId,
    source: prepared.source,
  });
  return documentId;
}

/**
 * Adds a document to a case from a Buffer (uploads, generated documents): checks and stores the file
 * first (prepareCaseDocument), then inserts the row and its indexing job in one short transaction, so a
 * listed document always has its file. 404 for a case of another organisation.
 */
export async function addCaseDocument(
  ctx: AppContext,
  actor: DocumentActor,
  input: AddDocumentInput,
): Promise<DocumentRow> {
  if (!(await caseExists(ctx.db, actor.organisationId, input.caseId))) throw notFound();
  const prepared = await prepareCaseDocument(ctx, input);
  try {
    const id = await inTransaction(ctx, (tx) => insertPreparedDocument(tx, actor, prepared, input.emailId ?? null));
    if (!ctx.db.isTransaction) wakeJobRunners();
    const row = await findDocument(ctx.db, actor.organisationId, id);
    if (!row) throw notFound();
    return toDocumentRow(row, actor);
  } catch (error) {
    await removeBlobs(ctx, [prepared.key]);
    throw error;
  }
}

/** Case documents: list, download, metadata and text, delete (spec 01 §6 case detail actions). */
export function documentsService(ctx: AppContext) {
  const requireDocument = async (actor: DocumentActor, documentId: number) => {
    const row = await findDocument(ctx.db, actor.organisationId, documentId);
    if (!row) throw notFound();
    return row;
  };

  return {
    add: (actor: Actor, input: AddDocumentInput) => addCaseDocument(ctx, actor, input),

    /** The case's documents, newest first (with `text`: those holding its words); 404 for another organisation's case. */
    async list(actor: Actor, caseId: number, page: DocumentListQuery): Promise<DocumentListResponse> {
      if (!(await caseExists(ctx.db, actor.organisationId, caseId))) throw notFound();
      const documentIds = page.text ? await documentSearch(ctx).find(actor.organisationId, page.text) : null;
      const { rows, total } = await listCaseDocuments(
        ctx.db,
        dialectOf(ctx),
        actor.organisationId,
        caseId,
        page,
        documentIds,
      );
      return { data: rows.map((row) => toDocumentRow(row, actor)), page: pageInfoOf(page, total) };
    },

    /** The original file as uploaded. */
    async download(actor: Actor, documentId: number): Promise<StoredDownload> {
      const row = await requireDocument(actor, documentId);
      return {
        name: row.original_name,
        mediaType: row.media_type,
        size: Number(row.size_bytes),
        stream: blobStorage(ctx).stream(row.storage_key),
      };
    },

    /** Metadata and extracted text (GET solr/document/?documentUID=). */
    async solrDocument(actor: Actor, documentId: number): Promise<SolrDocumentResponse> {
      const row = await requireDocument(actor, documentId);
      const theCase = await caseExists(ctx.db, actor.organisationId, row.case_id);
      const stored = await documentSearch(ctx).storedText(actor.organisationId, documentId);
      return {
        document_uid: row.id,
        name: row.original_name,
        extension: row.extension as DocumentExtension,
        media_type: row.media_type,
        size_bytes: Number(row.size_bytes),
        case_id: row.case_id,
        case_title: theCase?.title ?? '',
        indexing_state: row.indexing_state,
        word_count: stored?.word_count ?? 0,
        created_at: row.created_at,
        indexed_at: row.indexed_at,
        text: stored?.text ?? '',
      };
    },

    /** Deletes a document (super and admin any; a plain user their own uploads); the file goes after commit. */
    async remove(actor: Actor, documentId: number): Promise<{ detail: string }> {
      const row = await requireDocument(actor, documentId);
      if (!canDelete(actor, row)) throw forbidden(documentMessages.ownOnly);
      const keys = await inTransaction(ctx, async (tx) => {
        const removed = await removeDocumentRows(tx, actor.organisationId, { documentIds: [documentId] });
        await casesService(tx).touch(actor.organisationId, row.case_id, nowIso(tx));
        await auditService(tx).record(actor, 'case', row.case_id, 'document.deleted', {
          document_id: documentId,
        });
        return removed;
      });
      await removeBlobs(ctx, keys);
      return { detail: documentMessages.deleted(row.original_name) };
    },
  };
}
