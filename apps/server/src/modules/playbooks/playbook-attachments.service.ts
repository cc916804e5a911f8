import {
  PLAYBOOK_ATTACHMENT_EXTENSIONS,
  PLAYBOOK_LIMITS as L,
  playbookMessages as M,
  type PlaybookAttachment,
  type PlaybookAttachmentAdded,
  type PlaybookAttachmentList,
} from '@lexdesk/contract';
import { attachmentDownload, type StoredDownload } from '../../platform/http/send-download.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors/http-error.ts';
import { enqueueJob, wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { ownPlaybook, viewerOf, visiblePlaybook } from './playbook-access.ts';
import {
  attachmentCount,
  attachmentKeysOf,
  attachmentsOf,
  deleteAttachments,
  findAttachmentAnywhere,
  insertAttachment,
  type PlaybookAttachmentRecord,
} from './playbook-parts.repo.ts';
import { ATTACHMENT_INDEX_JOB, attachmentSearch, entrySearch } from './playbook-search.ts';
import { deletePlaybook, entryIdsOf, findVisiblePlaybook, type PlaybookRecord } from './playbooks.repo.ts';
import { usersService } from '../users/index.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';
import { checkUpload, safeFileName, uploadPolicy } from '../../platform/uploads/upload-gate.ts';

const STORAGE_AREA = 'playbooks';

/** What a playbook may hold, checked against the file's bytes by the one upload gate (also on import). */
export const PLAYBOOK_UPLOADS = uploadPolicy(PLAYBOOK_ATTACHMENT_EXTENSIONS, {
  maxBytes: L.attachmentBytes,
  unsupported: M.attachmentType,
  tooLarge: M.attachmentTooLarge,
});

/** Attachments as shown to `actor`: who uploaded them only within their own organisation. */
async function toAttachments(
  ctx: AppContext,
  actor: Actor,
  rows: readonly PlaybookAttachmentRecord[],
): Promise<PlaybookAttachment[]> {
  const org = rows[0]?.organisation_id === actor.organisationId ? actor.organisationId : undefined;
  const names =
    org === undefined
      ? new Map<number, string>()
      : await usersService(ctx).namesIn(
          org,
          rows.map((r) => r.uploaded_by),
        );
  return rows.map((row) => ({
    id: row.id,
    playbook_id: row.playbook_id,
    file_name: row.file_name,
    content_type: row.content_type,
    size: Number(row.size),
    state: row.state as PlaybookAttachment['state'],
    uploaded_by: row.uploaded_by === null ? null : (names.get(row.uploaded_by) ?? null),
    uploaded_at: row.uploaded_at,
  }));
}

/**
 * Removes playbooks with every part (inside the caller's transaction): their entries' and attachments' text
 * leaves the index; answers the attachments' storage keys for removeBlobs after the commit.
 */
export async function removePlaybookRows(
  tx: AppContext,
  organisationId: number,
  playbookIds: readonly number[],
): Promise<string[]> {
  const attachments = await attachmentKeysOf(tx.db, organisationId, playbookIds);
  await attachmentSearch(tx).removeFromIndex(
    organisationId,
    attachments.map((a) => a.id),
  );
  await entrySearch(tx).removeFromIndex(organisationId, await entryIdsOf(tx.db, organisationId, playbookIds));
  for (const id of playbookIds) await deletePlaybook(tx.db, organisationId, id);
  return attachments.map((a) => a.storage_key);
}

/** Copies a playbook's attachments (new files, indexed again) into another playbook of the actor's organisation. */
export async function copyAttachments(tx: AppContext, actor: Actor, source: PlaybookRecord, targetId: number) {
  const storage = blobStorage(tx);
  for (const attachment of await attachmentsOf(tx.db, source.organisation_id, source.id)) {
    const key = await storage.put(STORAGE_AREA, await storage.get(attachment.storage_key));
    const { id: _id, ...copied } = attachment;
    const id = await insertAttachment(tx.db, {
      ...copied,
      organisation_id: actor.organisationId,
      playbook_id: targetId,
      storage_key: key,
      state: 'pending',
      uploaded_by: actor.userId,
      uploaded_at: nowIso(tx),
    });
    await enqueueJob(tx, ATTACHMENT_INDEX_JOB, { attachmentId: id }, { organisationId: actor.organisationId });
  }
}

/**
 * The stored bytes of a visible playbook's attachments among `ids` (a version's: deleted ones are left out),
 * with their content type: the JSON package of the export.
 */
export async function attachmentFilesFor(
  ctx: AppContext,
  actor: Actor,
  playbookId: number,
  ids: readonly number[],
): Promise<{ id: number; file_name: string; content_type: string; data: Buffer }[]> {
  const playbook = await visiblePlaybook(ctx, actor, playbookId);
  const wanted = new Set(ids);
  const rows = (await attachmentsOf(ctx.db, playbook.organisation_id, playbookId)).filter((row) => wanted.has(row.id));
  const storage = blobStorage(ctx);
  const files = [];
  for (const row of rows)
    files.push({
      id: row.id,
      file_name: row.file_name,
      content_type: row.content_type,
      data: await storage.get(row.storage_key),
    });
  return files;
}

/** Attachments of playbooks: upload, list, download, delete. */
export function playbookAttachmentsService(ctx: AppContext) {
  /** An attachment whose playbook the actor sees (404 otherwise), with that playbook. */
  const visibleAttachment = async (actor: Actor, id: number) => {
    const attachment = await findAttachmentAnywhere(ctx.db, id);
    const playbook = attachment && (await findVisiblePlaybook(ctx.db, viewerOf(actor), attachment.playbook_id));
    if (!attachment || !playbook || playbook.organisation_id !== attachment.organisation_id) throw notFound();
    return { attachment, playbook };
  };

  return {
    /** Before the upload is read: the playbook must be the actor's organisation's and have room. */
    async checkRoom(actor: Actor, playbookId: number): Promise<void> {
      await ownPlaybook(ctx, actor, playbookId);
      if ((await attachmentCount(ctx.db, actor.organisationId, playbookId)) >= L.attachmentsPerPlaybook)
        throw badRequest(M.tooManyAttachments, { file: M.tooManyAttachments });
    },

    /** POST playbook/attachments/{id}/: stores the file, then indexes its text in a background job. */
    async add(
      actor: Actor,
      playbookId: number,
      upload: { name: string; data: Buffer },
      signal: AbortSignal,
    ): Promise<PlaybookAttachmentAdded> {
      await ownPlaybook(ctx, actor, playbookId);
      const name = safeFileName(upload.name);
      const who = userWork(actor, signal);
      const { extension, mediaType } = await checkUpload(name, upload.data, PLAYBOOK_UPLOADS, ctx.config.parse, who);
      const key = await blobStorage(ctx).put(STORAGE_AREA, upload.data);
      try {
        const id = await inTransaction(ctx, async (tx) => {
          if ((await attachmentCount(tx.db, actor.organisationId, playbookId)) >= L.attachmentsPerPlaybook)
            throw badRequest(M.tooManyAttachments, { file: M.tooManyAttachments });
          const id = await insertAttachment(tx.db, {
            organisation_id: actor.organisationId,
            playbook_id: playbookId,
            storage_key: key,
            file_name: name,
            content_type: mediaType,
            extension,
            size: upload.data.length,
            state: 'pending',
            uploaded_by: actor.userId,
            uploaded_at: nowIso(tx),
          });
          await enqueueJob(tx, ATTACHMENT_INDEX_JOB, { attachmentId: id }, { organisationId: actor.organisationId });
          await auditService(tx).record(actor, 'playbook', playbookId, 'attachment.added', { attachment_id: id });
          return id;
        });
        wakeJobRunners();
        const { attachment } = await visibleAttachment(actor, id);
        const [shown] = await toAttachments(ctx, actor, [attachment]);
        return { detail: M.attachmentAdded, attachment: shown as PlaybookAttachment };
      } catch (error) {
        await removeBlobs(ctx, [key]);
        throw error;
      }
    },

    /** GET playbook-attachment/list/{id}/?type=playbook. */
    async list(actor: Actor, playbookId: number): Promise<PlaybookAttachmentList> {
      const playbook = await visiblePlaybook(ctx, actor, playbookId);
      return {
        data: await toAttachments(ctx, actor, await attachmentsOf(ctx.db, playbook.organisation_id, playbookId)),
      };
    },

    /** GET playbook/attachments/{id}/: the file as uploaded. */
    async download(actor: Actor, id: number): Promise<StoredDownload> {
      const { attachment } = await visibleAttachment(actor, id);
      return attachmentDownload(ctx, attachment);
    },

    /** DELETE playbook/attachments/{id}/: the row and its text now, the file after the commit. */
    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      const { attachment } = await visibleAttachment(actor, id);
      await ownPlaybook(ctx, actor, attachment.playbook_id);
      await inTransaction(ctx, async (tx) => {
        await attachmentSearch(tx).removeFromIndex(actor.organisationId, [id]);
        await deleteAttachments(tx.db, actor.organisationId, [id]);
        await auditService(tx).record(actor, 'playbook', attachment.playbook_id, 'attachment.deleted', {
          attachment_id: attachment.id,
        });
      });
      await removeBlobs(ctx, [attachment.storage_key]);
      return { detail: M.attachmentDeleted };
    },
  };
}
