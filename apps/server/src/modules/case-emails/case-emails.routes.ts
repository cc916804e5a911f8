import {
  caseEmailDetail,
  caseEmailList,
  caseEmailMessages,
  caseEmailQuery,
  caseRecordsCaseParams,
  detailResponse,
  EMAIL_IMPORT_MAX_MB,
  emailIdParams,
} from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { route } from '../../platform/http/define-route.ts';
import { caseEmailsService, type UploadedEmail } from './case-emails.service.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';

const tags = ['case emails'];

/** Reads the multipart field `file` (one .eml or .msg, at most EMAIL_IMPORT_MAX_MB) into memory. */
async function readEmailFile(request: FastifyRequest): Promise<UploadedEmail> {
  const missing = () => badRequest(caseEmailMessages.fileRequired, { file: caseEmailMessages.fileRequired });
  if (!request.isMultipart()) throw missing();
  const part = await request.file({ limits: { fileSize: EMAIL_IMPORT_MAX_MB * 1024 * 1024, files: 1 } });
  if (!part || part.fieldname !== 'file') throw missing();
  try {
    const data = await part.toBuffer();
    if (data.length === 0) throw missing();
    return { fileName: part.filename, data };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(caseEmailMessages.tooLarge(EMAIL_IMPORT_MAX_MB));
    }
    throw error;
  }
}

const binary = z.any().describe('The original .eml or .msg file');

/** Emails of a case and their recycle bin (spec 01 §6 Emails: every role). */
export const caseEmailsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const emails = caseEmailsService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/case/:case_id/emails/',
    access: 'case.emails.read',
    tags,
    summary: "A case's emails, newest first; `deleted=true` lists its recycle bin",
    params: caseRecordsCaseParams,
    query: caseEmailQuery,
    reply: caseEmailList,
    handler: ({ actor, params, query }) => emails.list(actor, params.case_id, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/case/:case_id/emails/',
    access: 'case.emails.manage',
    tags,
    summary: 'Import an .eml or .msg (multipart field `file`); each attachment becomes a case document',
    consumes: ['multipart/form-data'],
    params: caseRecordsCaseParams,
    reply: caseEmailDetail,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, params, request, signal }) => {
      const file = await readEmailFile(request);
      return emails.import(actor, params.case_id, file, signal);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/case/email/:email_id/',
    access: 'case.emails.read',
    tags,
    summary: 'One email with its text and attachments',
    params: emailIdParams,
    reply: caseEmailDetail,
    handler: ({ actor, params }) => emails.detail(actor, params.email_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/case/email/:email_id/download/',
    access: 'case.emails.read',
    tags,
    summary: 'The original .eml or .msg file',
    params: emailIdParams,
    reply: binary,
    handler: async ({ actor, params, reply }) => {
      const file = await emails.original(actor, params.email_id);
      return reply
        .header('content-type', file.format === 'eml' ? 'message/rfc822' : 'application/vnd.ms-outlook')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case/email/:email_id/',
    access: 'case.emails.manage',
    tags,
    summary: 'Move the email to the recycle bin',
    params: emailIdParams,
    reply: detailResponse,
    errors: [409],
    handler: async ({ actor, params }) => {
      await emails.moveToBin(actor, params.email_id);
      return { detail: caseEmailMessages.movedToBin };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/case/email/:email_id/restore/',
    access: 'case.emails.manage',
    tags,
    summary: 'Restore the email from the recycle bin',
    params: emailIdParams,
    reply: caseEmailDetail,
    errors: [409],
    handler: ({ actor, params }) => emails.restore(actor, params.email_id),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/case/email/:email_id/permanent/',
    access: 'case.emails.manage',
    tags,
    summary: 'Delete an email of the recycle bin for good',
    params: emailIdParams,
    reply: detailResponse,
    errors: [409],
    handler: async ({ actor, params }) => {
      await emails.deleteForGood(actor, params.email_id);
      return { detail: caseEmailMessages.deletedForGood };
    },
  });
};
