import {
  KNOWLEDGE_ATTACHMENT_EXTENSIONS,
  KNOWLEDGE_LIMITS as L,
  knowledgeMessages as M,
  type KnowledgeAttachment,
  type KnowledgeAttachmentAdded,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { attachmentDownload, type StoredDownload } from '../../platform/http/send-download.ts';
import { enqueueJob, wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { abilitiesOf } from './knowledge-auth.service.ts';
import { attachmentSearch, KNOWLEDGE_ATTACHMENT_JOB } from './knowledge-index.ts';
import { attachmentsFor, sightOf, visibleNode } from './knowledge-view.ts';
import {
  attachmentsOfNodes,
  deleteAttachmentRows,
  findAttachment,
  insertAttachment,
  type NodeRecord,
} from './knowledge.repo.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';
import { checkUpload, safeFileName, uploadPolicy } from '../../platform/uploads/upload-gate.ts';

const STORAGE_AREA = 'knowledge';

/** What an article may hold, checked against the file's bytes by the one upload gate. */
const UPLOADS = uploadPolicy(KNOWLEDGE_ATTACHMENT_EXTENSIONS, {
  maxBytes: L.attachmentBytes,
  unsupported: M.attachmentType,
  tooLarge: M.attachmentTooLarge,
});

/** Attachments of articles: upload (indexed after, off the request thread), download, delete. */
export function knowledgeAttachmentsService(ctx: AppContext) {
  /** The article the viewer may attach to (contributors; a shared article: the provider's curator). */
  const writableArticle = async (actor: Actor, nodeId: number) => {
    const sight = await sightOf(ctx, actor);
    const node = await visibleNode(ctx, sight, nodeId);
    const abilities = abilitiesOf(sight.viewer);
    if (node.organisation_id === null && !abilities.can_curate_shared) throw forbidden(M.sharedReadOnly);
    if (!abilities.can_edit) throw forbidden();
    if (node.kind !== 'instance') throw badRequest(M.attachmentsOnlyOnArticles, { file: M.attachmentsOnlyOnArticles });
    return { sight, node };
  };

  /** An attachment whose article the viewer sees: through the policy, as every way out (404 / 403). */
  const visibleAttachment = async (actor: Actor, id: number) => {
    const attachment = await findAttachment(ctx.db, id);
    if (!attachment) throw notFound();
    const sight = await sightOf(ctx, actor);
    const node: NodeRecord = await visibleNode(ctx, sight, attachment.node_id);
    return { sight, node, attachment };
  };

  return {
    /** Before the upload is read: the article must be writable and have room. */
    async checkRoom(actor: Actor, nodeId: number): Promise<void> {
      const { node } = await writableArticle(actor, nodeId);
      if ((await attachmentsOfNodes(ctx.db, [node.id])).length >= L.attachmentsPerNode)
        throw badRequest(M.tooManyAttachments, { file: M.tooManyAttachments });
    },

    async add(
      actor: Actor,
      nodeId: number,
      upload: { name: string; data: Buffer },
      signal: AbortSignal,
    ): Promise<KnowledgeAttachmentAdded> {
      const { node } = await writableArticle(actor, nodeId);
      const name = safeFileName(upload.name);
      const who = userWork(actor, signal);
      const { extension, mediaType } = await checkUpload(name, upload.data, UPLOADS, ctx.config.parse, who);
      const key = await blobStorage(ctx).put(STORAGE_AREA, upload.data);
      try {
        const id = await inTransaction(ctx, async (tx) => {
          const id = await insertAttachment(tx.db, {
            node_id: node.id,
            organisation_id: node.home_organisation_id,
            storage_key: key,
            file_name: name,
            content_type: mediaType,
            extension,
            size: upload.data.length,
            state: 'pending',
            uploaded_by: actor.userId,
            uploaded_at: nowIso(tx),
          });
          await enqueueJob(
            tx,
            KNOWLEDGE_ATTACHMENT_JOB,
            { attachmentId: id },
            {
              organisationId: node.home_organisation_id,
            },
          );
          await auditService(tx).record(actor, 'knowledge_node', node.id, 'attachment.added', { attachment_id: id });
          return id;
        });
        wakeJobRunners();
        const { sight, attachment } = await visibleAttachment(actor, id);
        const [shown] = await attachmentsFor(ctx, sight, [attachment]);
        return { detail: M.attachmentAdded, attachment: shown as KnowledgeAttachment };
      } catch (error) {
        await removeBlobs(ctx, [key]);
        throw error;
      }
    },

    async download(actor: Actor, id: number): Promise<StoredDownload> {
      const { attachment } = await visibleAttachment(actor, id);
      return attachmentDownload(ctx, attachment);
    },

    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      const { attachment } = await visibleAttachment(actor, id);
      const { node } = await writableArticle(actor, attachment.node_id);
      await inTransaction(ctx, async (tx) => {
        await attachmentSearch(tx).removeFromIndex(attachment.organisation_id, [id]);
        await deleteAttachmentRows(tx.db, [id]);
        await auditService(tx).record(actor, 'knowledge_node', node.id, 'attachment.deleted', { attachment_id: id });
      });
      await removeBlobs(ctx, [attachment.storage_key]);
      return { detail: M.attachmentDeleted };
    },
  };
}
