import {
  TASK_ATTACHMENT_EXTENSIONS,
  TASK_LIMITS as L,
  taskMessages as M,
  type ChecklistItemBody,
  type ChecklistItemUpdate,
  type ChecklistSaved,
  type CommentSaved,
  type TaskAttachment,
  type TaskAttachmentAdded,
  type TaskComment,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { attachmentDownload, type StoredDownload } from '../../platform/http/send-download.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { checkUpload, safeFileName, uploadPolicy } from '../../platform/uploads/upload-gate.ts';
import { editableTask, isManager, mayEdit, visibleTask } from './task-access.ts';
import {
  attachmentsOf,
  checklistOf,
  deleteAttachment,
  deleteChecklistItem,
  deleteComment,
  findAttachment,
  findComment,
  insertAttachment,
  insertChecklistItem,
  insertComment,
  updateChecklistItem,
  type AttachmentRecord,
  type CommentRecord,
} from './tasks.repo.ts';
import { usersService } from '../users/index.ts';

const STORAGE_AREA = 'tasks';

/** What a task may hold, checked against the file's bytes by the one upload gate (a .pdf that is HTML is refused). */
const UPLOADS = uploadPolicy(TASK_ATTACHMENT_EXTENSIONS, {
  maxBytes: L.attachmentBytes,
  unsupported: M.attachmentType,
  tooLarge: M.attachmentTooLarge,
});

export async function toComments(
  ctx: AppContext,
  actor: Actor,
  rows: readonly CommentRecord[],
): Promise<TaskComment[]> {
  const names = await usersService(ctx).namesIn(
    actor.organisationId,
    rows.map((r) => r.user_id),
  );
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_id === null ? null : (names.get(row.user_id) ?? null),
    body: row.body,
    created_at: row.created_at,
    can_delete: isManager(actor) || row.user_id === actor.userId,
  }));
}

export async function toAttachments(
  ctx: AppContext,
  actor: Actor,
  canEdit: boolean,
  rows: readonly AttachmentRecord[],
): Promise<TaskAttachment[]> {
  const names = await usersService(ctx).namesIn(
    actor.organisationId,
    rows.map((r) => r.uploaded_by),
  );
  return rows.map((row) => ({
    id: row.id,
    task_id: row.task_id,
    file_name: row.file_name,
    content_type: row.content_type,
    size: Number(row.size),
    uploaded_by: row.uploaded_by === null ? null : (names.get(row.uploaded_by) ?? null),
    uploaded_at: row.uploaded_at,
    can_delete: canEdit,
  }));
}

const toItem = (row: { id: number; text: string; done: number; position: number }) => ({
  id: row.id,
  text: row.text,
  done: row.done === 1,
  position: row.position,
});

/** A task's checklist, comments and attachments. */
export function taskPartsService(ctx: AppContext) {
  const audit = (tx: AppContext) => auditService(tx);
  return {
    async addChecklistItem(actor: Actor, taskId: number, body: ChecklistItemBody): Promise<ChecklistSaved> {
      await editableTask(ctx, actor, taskId);
      const item = await inTransaction(ctx, async (tx) => {
        const items = await checklistOf(tx.db, actor.organisationId, taskId);
        if (items.length >= L.checklistItemsPerTask) throw badRequest(M.tooManyChecklistItems);
        const position = items.length === 0 ? 0 : Math.max(...items.map((i) => i.position)) + 1;
        const row = {
          organisation_id: actor.organisationId,
          task_id: taskId,
          text: body.text,
          done: body.done ? (1 as const) : (0 as const),
          position,
        };
        const id = await insertChecklistItem(tx.db, row);
        await audit(tx).record(actor, 'task', taskId, 'checklist.added', { item_id: id });
        return toItem({ ...row, id });
      });
      return { detail: M.checklistAdded, item };
    },

    async updateChecklistItem(
      actor: Actor,
      taskId: number,
      itemId: number,
      body: ChecklistItemUpdate,
    ): Promise<ChecklistSaved> {
      await editableTask(ctx, actor, taskId);
      const item = await inTransaction(ctx, async (tx) => {
        const items = await checklistOf(tx.db, actor.organisationId, taskId);
        const current = items.find((i) => i.id === itemId);
        if (!current) throw notFound();
        if (body.text !== undefined || body.done !== undefined)
          await updateChecklistItem(tx.db, actor.organisationId, itemId, {
            ...(body.text === undefined ? {} : { text: body.text }),
            ...(body.done === undefined ? {} : { done: body.done ? 1 : 0 }),
          });
        if (body.position !== undefined) {
          const order = items.filter((i) => i.id !== itemId);
          order.splice(Math.min(body.position, order.length), 0, current);
          for (const [position, i] of order.entries())
            if (i.position !== position) await updateChecklistItem(tx.db, actor.organisationId, i.id, { position });
        }
        const after = (await checklistOf(tx.db, actor.organisationId, taskId)).find((i) => i.id === itemId)!;
        await audit(tx).record(actor, 'task', taskId, 'checklist.updated', {
          item_id: itemId,
          fields: Object.keys(body).filter((key) => body[key as keyof ChecklistItemUpdate] !== undefined),
          done: after.done === 1,
        });
        return toItem(after);
      });
      return { detail: M.checklistUpdated, item };
    },

    async deleteChecklistItem(actor: Actor, taskId: number, itemId: number): Promise<{ detail: string }> {
      await editableTask(ctx, actor, taskId);
      await inTransaction(ctx, async (tx) => {
        const current = (await checklistOf(tx.db, actor.organisationId, taskId)).find((i) => i.id === itemId);
        if (!current) throw notFound();
        await deleteChecklistItem(tx.db, actor.organisationId, itemId);
        await audit(tx).record(actor, 'task', taskId, 'checklist.deleted', { item_id: itemId });
      });
      return { detail: M.checklistDeleted };
    },

    /** Anyone who reads the task may comment on it. */
    async addComment(actor: Actor, taskId: number, body: string): Promise<CommentSaved> {
      await visibleTask(ctx, actor, taskId);
      const comment = await inTransaction(ctx, async (tx) => {
        const row = {
          organisation_id: actor.organisationId,
          task_id: taskId,
          user_id: actor.userId,
          body,
          created_at: nowIso(tx),
        };
        const id = await insertComment(tx.db, row);
        await audit(tx).record(actor, 'task', taskId, 'comment.added', { comment_id: id });
        return (await toComments(tx, actor, [{ ...row, id }]))[0]!;
      });
      return { detail: M.commentAdded, comment };
    },

    async deleteComment(actor: Actor, taskId: number, commentId: number): Promise<{ detail: string }> {
      await visibleTask(ctx, actor, taskId);
      const comment = await findComment(ctx.db, actor.organisationId, taskId, commentId);
      if (!comment) throw notFound();
      if (!isManager(actor) && comment.user_id !== actor.userId) throw forbidden(M.commentNotYours);
      await inTransaction(ctx, async (tx) => {
        await deleteComment(tx.db, actor.organisationId, commentId);
        await audit(tx).record(actor, 'task', taskId, 'comment.deleted', { comment_id: commentId });
      });
      return { detail: M.commentDeleted };
    },

    /** Before the upload is read: the task must be the actor's to change and have room. */
    async checkRoom(actor: Actor, taskId: number): Promise<void> {
      await editableTask(ctx, actor, taskId);
      if ((await attachmentsOf(ctx.db, actor.organisationId, taskId)).length >= L.attachmentsPerTask)
        throw badRequest(M.tooManyAttachments, { file: M.tooManyAttachments });
    },

    async addAttachment(
      actor: Actor,
      taskId: number,
      upload: { name: string; data: Buffer },
      signal: AbortSignal,
    ): Promise<TaskAttachmentAdded> {
      await editableTask(ctx, actor, taskId);
      const name = safeFileName(upload.name);
      const { mediaType } = await checkUpload(name, upload.data, UPLOADS, ctx.config.parse, userWork(actor, signal));
      const key = await blobStorage(ctx).put(STORAGE_AREA, upload.data);
      try {
        const attachment = await inTransaction(ctx, async (tx) => {
          if ((await attachmentsOf(tx.db, actor.organisationId, taskId)).length >= L.attachmentsPerTask)
            throw badRequest(M.tooManyAttachments, { file: M.tooManyAttachments });
          const row = {
            organisation_id: actor.organisationId,
            task_id: taskId,
            storage_key: key,
            file_name: name,
            content_type: mediaType,
            size: upload.data.length,
            uploaded_by: actor.userId,
            uploaded_at: nowIso(tx),
          };
          const id = await insertAttachment(tx.db, row);
          await audit(tx).record(actor, 'task', taskId, 'attachment.added', { attachment_id: id });
          return (await toAttachments(tx, actor, true, [{ ...row, id }]))[0]!;
        });
        return { detail: M.attachmentAdded, attachment };
      } catch (error) {
        await removeBlobs(ctx, [key]);
        throw error;
      }
    },

    /** GET task-attachment/{attachment_id}/: the file as uploaded (anyone who reads the task). */
    async download(actor: Actor, attachmentId: number): Promise<StoredDownload> {
      const attachment = await findAttachment(ctx.db, actor.organisationId, attachmentId);
      if (!attachment) throw notFound();
      return attachmentDownload(ctx, attachment);
    },

    async removeAttachment(actor: Actor, attachmentId: number): Promise<{ detail: string }> {
      const attachment = await findAttachment(ctx.db, actor.organisationId, attachmentId);
      if (!attachment) throw notFound();
      const task = await visibleTask(ctx, actor, attachment.task_id);
      if (!(await mayEdit(ctx, actor, task))) throw forbidden(M.notYours);
      await inTransaction(ctx, async (tx) => {
        await deleteAttachment(tx.db, actor.organisationId, attachmentId);
        await audit(tx).record(actor, 'task', task.id, 'attachment.deleted', { attachment_id: attachmentId });
      });
      await removeBlobs(ctx, [attachment.storage_key]);
      return { detail: M.attachmentDeleted };
    },
  };
}
