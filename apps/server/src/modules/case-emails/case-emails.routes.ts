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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, tooLarge } from '../../platform/errors/http-error.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
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

  app.get(
    '/api/case/:case_id/emails/',
    {
      config: { access: 'case.emails.read' },
      schema: {
        tags,
        summary: "A case's emails, newest first; `deleted=true` lists its recycle bin",
        params: caseRecordsCaseParams,
        querystring: caseEmailQuery,
        response: withErrors({ 200: caseEmailList }, 400, 401, 403, 404),
      },
    },
    async (request) => emails.list(actorOf(request), request.params.case_id, request.query),
  );

  app.post(
    '/api/case/:case_id/emails/',
    {
      config: { access: 'case.emails.manage' },
      schema: {
        tags,
        summary: 'Import an .eml or .msg (multipart field `file`); each attachment becomes a case document',
        consumes: ['multipart/form-data'],
        params: caseRecordsCaseParams,
        response: withErrors({ 201: caseEmailDetail }, 400, 401, 403, 404, 413),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const file = await readEmailFile(request);
      const email = await emails.import(actor, request.params.case_id, file);
      return reply.status(201).send(email);
    },
  );

  app.get(
    '/api/case/email/:email_id/',
    {
      config: { access: 'case.emails.read' },
      schema: {
        tags,
        summary: 'One email with its text and attachments',
        params: emailIdParams,
        response: withErrors({ 200: caseEmailDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => emails.detail(actorOf(request), request.params.email_id),
  );

  app.get(
    '/api/case/email/:email_id/download/',
    {
      config: { access: 'case.emails.read' },
      schema: {
        tags,
        summary: 'The original .eml or .msg file',
        params: emailIdParams,
        response: withErrors({ 200: binary }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await emails.original(actorOf(request), request.params.email_id);
      return reply
        .header('content-type', file.format === 'eml' ? 'message/rfc822' : 'application/vnd.ms-outlook')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  );

  app.delete(
    '/api/case/email/:email_id/',
    {
      config: { access: 'case.emails.manage' },
      schema: {
        tags,
        summary: 'Move the email to the recycle bin',
        params: emailIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await emails.moveToBin(actorOf(request), request.params.email_id);
      return { detail: caseEmailMessages.movedToBin };
    },
  );

  app.post(
    '/api/case/email/:email_id/restore/',
    {
      config: { access: 'case.emails.manage' },
      schema: {
        tags,
        summary: 'Restore the email from the recycle bin',
        params: emailIdParams,
        response: withErrors({ 200: caseEmailDetail }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => emails.restore(actorOf(request), request.params.email_id),
  );

  app.delete(
    '/api/case/email/:email_id/permanent/',
    {
      config: { access: 'case.emails.manage' },
      schema: {
        tags,
        summary: 'Delete an email of the recycle bin for good',
        params: emailIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      await emails.deleteForGood(actorOf(request), request.params.email_id);
      return { detail: caseEmailMessages.deletedForGood };
    },
  );
};
