import {
  checklistItemBody,
  checklistItemParams,
  checklistItemUpdate,
  checklistSaved,
  commentBody,
  commentParams,
  commentSaved,
  detailResponse,
  TASK_LIMITS as L,
  taskAssigneeOptions,
  taskAttachmentAdded,
  taskAttachmentParams,
  taskBody,
  taskDetail,
  taskList,
  taskListQuery,
  taskMessages as M,
  taskParams,
  taskSaved,
  taskUpdateBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { sendDownload } from '../../platform/http/send-download.ts';
import { readUploadedFile } from '../../platform/http/read-uploaded-file.ts';
import { taskPartsService } from './task-parts.service.ts';
import { tasksService } from './tasks.service.ts';

export const tags = ['tasks'];

/** Tasks with their checklist, comments and attachments (issue 15; docs/tasks.md "Calls"). */
export const tasksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tasks = tasksService(ctx);
  const parts = taskPartsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/task/',
    access: 'tasks.read',
    tags,
    summary: "The organisation's tasks by filters (mine, created by, case, status, due) and sorting, paged",
    query: taskListQuery,
    reply: taskList,
    handler: ({ actor, query }) => tasks.list(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/task/:task_id/',
    access: 'tasks.read',
    tags,
    summary: 'A task with its checklist, comments, attachments and time totals',
    params: taskParams,
    reply: taskDetail,
    handler: ({ actor, params }) => tasks.detail(actor, params.task_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/task/',
    access: 'tasks.write',
    tags,
    summary: 'A new task; its assignees are notified',
    body: taskBody,
    reply: taskSaved,
    created: true,
    handler: ({ actor, body }) => tasks.create(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/task/:task_id/',
    access: 'tasks.write',
    tags,
    summary: 'Change the fields sent (creator, assignee or staff); new assignees are notified',
    params: taskParams,
    body: taskUpdateBody,
    reply: taskSaved,
    handler: ({ actor, params, body }) => tasks.update(actor, params.task_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/task/:task_id/',
    access: 'tasks.write',
    tags,
    summary: 'Delete a task (creator or staff) with its checklist, comments, attachments and time entries',
    params: taskParams,
    reply: detailResponse,
    handler: ({ actor, params }) => tasks.remove(actor, params.task_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/task-assignee/',
    access: 'tasks.read',
    tags,
    summary: 'The users a task can be assigned to (active members with the task tracker)',
    reply: taskAssigneeOptions,
    handler: ({ actor }) => tasks.assigneeOptions(actor),
  });

  route(app, {
    method: 'POST',
    url: '/api/task/:task_id/checklist/',
    access: 'tasks.write',
    tags,
    summary: 'Add a checklist item at the end',
    params: taskParams,
    body: checklistItemBody,
    reply: checklistSaved,
    created: true,
    handler: ({ actor, params, body }) => parts.addChecklistItem(actor, params.task_id, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/task/:task_id/checklist/:checklist_item_id/',
    access: 'tasks.write',
    tags,
    summary: 'Change, tick or move a checklist item',
    params: checklistItemParams,
    body: checklistItemUpdate,
    reply: checklistSaved,
    handler: ({ actor, params, body }) =>
      parts.updateChecklistItem(actor, params.task_id, params.checklist_item_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/task/:task_id/checklist/:checklist_item_id/',
    access: 'tasks.write',
    tags,
    summary: 'Delete a checklist item',
    params: checklistItemParams,
    reply: detailResponse,
    handler: ({ actor, params }) => parts.deleteChecklistItem(actor, params.task_id, params.checklist_item_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/task/:task_id/comment/',
    access: 'tasks.write',
    tags,
    summary: 'Comment on a task (anyone who reads it)',
    params: taskParams,
    body: commentBody,
    reply: commentSaved,
    created: true,
    handler: ({ actor, params, body }) => parts.addComment(actor, params.task_id, body.body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/task/:task_id/comment/:task_comment_id/',
    access: 'tasks.write',
    tags,
    summary: 'Delete a comment (its author or staff)',
    params: commentParams,
    reply: detailResponse,
    handler: ({ actor, params }) => parts.deleteComment(actor, params.task_id, params.task_comment_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/task/:task_id/attachment/',
    access: 'tasks.write',
    tags,
    summary: 'Attach a file (multipart field `file`: .pdf, .docx, .doc, .xlsx, .txt, .eml, .msg, .png, .jpg; 25 MB)',
    consumes: ['multipart/form-data'],
    params: taskParams,
    reply: taskAttachmentAdded,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, params, request, signal }) => {
      await parts.checkRoom(actor, params.task_id);
      return parts.addAttachment(
        actor,
        params.task_id,
        await readUploadedFile(request, L.attachmentBytes, M.attachmentTooLarge),
        signal,
      );
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/task-attachment/:task_attachment_id/',
    access: 'tasks.read',
    tags,
    summary: 'An attachment as uploaded',
    params: taskAttachmentParams,
    produces: ['application/octet-stream'],
    handler: async ({ actor, params, reply }) =>
      sendDownload(reply, await parts.download(actor, params.task_attachment_id)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/task-attachment/:task_attachment_id/',
    access: 'tasks.write',
    tags,
    summary: 'Delete an attachment (whoever may change the task)',
    params: taskAttachmentParams,
    reply: detailResponse,
    handler: ({ actor, params }) => parts.removeAttachment(actor, params.task_attachment_id),
  });
};
