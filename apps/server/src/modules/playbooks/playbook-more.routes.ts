import {
  casePlaybookAddBody,
  casePlaybookList,
  casePlaybookMoveBody,
  detailResponse,
  idParam,
  organisationUserQuery,
  pickerUsers,
  playbookAssignment,
  playbookAssignmentBody,
  playbookAttachmentAdded,
  playbookAttachmentList,
  playbookAttachmentListQuery,
  playbookAttachmentParams,
  PLAYBOOK_LIMITS as L,
  playbookMessages as M,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { sendDownload } from '../../platform/http/send-download.ts';
import { pickerUsersFor } from '../users/index.ts';
import { playbookAttachmentsService } from './playbook-attachments.service.ts';
import { readUploadedFile } from '../../platform/http/read-uploaded-file.ts';
import { playbookSharingService } from './playbook-sharing.service.ts';
import { playbookVersionsService } from './playbook-versions.service.ts';
import { playbookParams, READ, tags, WRITE } from './playbooks.routes.ts';

const caseParams = z.object({ case_id: idParam });
const casePlaybookParams = z.object({ case_id: idParam, playbook_id: idParam });
const ASSIGN = 'playbooks.assign';

/** Attachments, sharing and case pins of playbooks (spec 01 §7; docs/playbooks.md). */
export const playbookMoreRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const attachments = playbookAttachmentsService(ctx);
  const sharing = playbookSharingService(ctx);
  const versions = playbookVersionsService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/playbook/attachments/:playbook_id/',
    access: WRITE,
    tags,
    summary: 'Attach a file (multipart field `file`: .docx, .pdf, .txt, at most 25 MB); its text is indexed after',
    consumes: ['multipart/form-data'],
    params: playbookParams,
    reply: playbookAttachmentAdded,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, params, request, signal }) => {
      await attachments.checkRoom(actor, params.playbook_id);
      return attachments.add(
        actor,
        params.playbook_id,
        await readUploadedFile(request, L.attachmentBytes, M.attachmentTooLarge),
        signal,
      );
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/playbook/attachments/:attachment_id/',
    access: READ,
    tags,
    summary: 'An attachment as uploaded',
    params: playbookAttachmentParams,
    produces: ['application/octet-stream'],
    handler: async ({ actor, params, reply }) => {
      return sendDownload(reply, await attachments.download(actor, params.attachment_id));
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/api/playbook/attachments/:attachment_id/',
    access: WRITE,
    tags,
    summary: 'Delete an attachment (its file and its indexed text)',
    params: playbookAttachmentParams,
    reply: detailResponse,
    handler: ({ actor, params }) => attachments.remove(actor, params.attachment_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/playbook-attachment/list/:playbook_id/',
    access: READ,
    tags,
    summary: "A playbook's attachments with their indexing state",
    params: playbookParams,
    query: playbookAttachmentListQuery,
    reply: playbookAttachmentList,
    handler: ({ actor, params }) => attachments.list(actor, params.playbook_id),
  });

  // Sharing (super only)
  route(app, {
    method: 'GET',
    url: '/api/playbook/:playbook_id/assignment/',
    access: ASSIGN,
    tags,
    summary: 'The organisations and users a playbook is shared with',
    params: playbookParams,
    reply: playbookAssignment,
    handler: ({ actor, params }) => sharing.get(actor, params.playbook_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/playbook/:playbook_id/assignment/',
    access: ASSIGN,
    tags,
    summary: 'Share a playbook with organisations and, optionally, named users of them (they are notified)',
    params: playbookParams,
    body: playbookAssignmentBody,
    reply: detailResponse,
    handler: ({ actor, params, body }) => sharing.put(actor, params.playbook_id, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/fetch/organisation-user/',
    access: ASSIGN,
    tags,
    summary: 'Active users of the given organisations (`users=1,2`), for the playbook assignment',
    query: organisationUserQuery,
    reply: pickerUsers,
    handler: ({ actor, query }) => pickerUsersFor(ctx, actor, query.users),
  });

  // The playbooks a case follows
  route(app, {
    method: 'GET',
    url: '/api/case/:case_id/playbooks/',
    access: READ,
    tags,
    summary: 'The playbooks a case follows, each at its pinned version and the latest',
    params: caseParams,
    reply: casePlaybookList,
    handler: ({ actor, params }) => versions.caseList(actor, params.case_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/case/:case_id/playbooks/',
    access: WRITE,
    tags,
    summary: 'Add a playbook to a case at its latest version (409 unpublished or already on the case)',
    params: caseParams,
    body: casePlaybookAddBody,
    reply: detailResponse,
    created: true,
    errors: [409],
    handler: ({ actor, params, body }) => versions.addToCase(actor, params.case_id, body.playbook_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/case/:case_id/playbooks/:playbook_id/',
    access: WRITE,
    tags,
    summary: 'Move the case to another published version of the playbook',
    params: casePlaybookParams,
    body: casePlaybookMoveBody,
    reply: detailResponse,
    handler: ({ actor, params, body }) => versions.moveOnCase(actor, params.case_id, params.playbook_id, body.version),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/case/:case_id/playbooks/:playbook_id/',
    access: WRITE,
    tags,
    summary: 'Remove a playbook from a case',
    params: casePlaybookParams,
    reply: detailResponse,
    handler: ({ actor, params }) => versions.removeFromCase(actor, params.case_id, params.playbook_id),
  });
};
