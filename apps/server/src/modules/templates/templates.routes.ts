import {
  assignmentBody,
  assignmentResponse,
  categoryActiveBody,
  detailResponse,
  TEMPLATE_LIMITS,
  templateCategoryParams,
  templateDetail,
  templateFields,
  templateIdParams,
  templateListQuery,
  templateListResponse,
  templateSaved,
  templateUpdateBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { DOCX_TYPE } from './download.ts';
import { templatesService } from './templates.service.ts';
import { readMultipart, requireFile } from './upload.ts';

const tags = ['templates'];
const READ = 'templates.templates.read' as const;
const WRITE = 'templates.templates.write' as const;

/** Parses the multipart text fields with the contract's schema (400 naming the field). */
function parseFields(fields: Record<string, string>) {
  const parsed = templateFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'name');
    throw badRequest(issue?.message ?? 'Invalid input', { [field]: issue?.message ?? 'Invalid input' });
  }
  return parsed.data;
}

/** Template list, upload, replace, details, categories, assignment (spec 02 §2.1, §6). */
export const templatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const templates = templatesService(ctx);

  app.get(
    '/api/document-template/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Templates: all of the organisation for super and admin, those assigned to the caller for users',
        querystring: templateListQuery,
        response: withErrors({ 200: templateListResponse }, 400, 401, 403),
      },
    },
    async (request) => templates.list(actorOf(request), request.query),
  );

  app.post(
    '/api/document-template/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Upload a template: multipart fields `name`, `description` and `file` (.docx, at most 20 MB)',
        consumes: ['multipart/form-data'],
        response: withErrors({ 201: templateSaved }, 400, 401, 403, 413),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, TEMPLATE_LIMITS.fileBytes);
      const fields = parseFields(form.fields);
      const saved = await templates.create(actorOf(request), fields, requireFile(form));
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/api/document-template/:template_id/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'A template with its tags, tag matching, category list and assignment',
        params: templateIdParams,
        response: withErrors({ 200: templateDetail }, 400, 401, 403, 404),
      },
    },
    async (request) => templates.detail(actorOf(request), request.params.template_id),
  );

  app.put(
    '/api/document-template/:template_id/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: "Change a template's name and description",
        params: templateIdParams,
        body: templateUpdateBody,
        response: withErrors({ 200: templateSaved }, 400, 401, 403, 404),
      },
    },
    async (request) => templates.update(actorOf(request), request.params.template_id, request.body),
  );

  app.delete(
    '/api/document-template/:template_id/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Delete a template with its versions and execution history',
        params: templateIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => templates.remove(actorOf(request), request.params.template_id),
  );

  app.post(
    '/api/document-template/:template_id/file/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Replace the .docx (multipart field `file`): a new version; past executions keep theirs',
        consumes: ['multipart/form-data'],
        params: templateIdParams,
        response: withErrors({ 200: templateSaved }, 400, 401, 403, 404, 413),
      },
    },
    async (request) => {
      const form = await readMultipart(request, TEMPLATE_LIMITS.fileBytes);
      return templates.replaceFile(actorOf(request), request.params.template_id, requireFile(form));
    },
  );

  app.get(
    '/api/document-template/:template_id/file/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: "Download the template's current .docx",
        params: templateIdParams,
        response: withErrors({ 200: z.any() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await templates.file(actorOf(request), request.params.template_id);
      return reply.type(DOCX_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  );

  app.put(
    '/api/document-template/:template_id/category/:category_id/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: "Set the active flag of one of the template's categories (inactive ones are not asked)",
        params: templateCategoryParams,
        body: categoryActiveBody,
        response: withErrors({ 200: templateSaved }, 400, 401, 403, 404),
      },
    },
    async (request) =>
      templates.setCategoryActive(
        actorOf(request),
        request.params.template_id,
        request.params.category_id,
        request.body.active,
      ),
  );

  app.get(
    '/api/document-template/:template_id/assign/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Who the template is assigned to, and the users it can be assigned to',
        params: templateIdParams,
        response: withErrors({ 200: assignmentResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => templates.assignment(actorOf(request), request.params.template_id),
  );

  app.put(
    '/api/document-template/:template_id/assign/',
    {
      config: { access: WRITE },
      schema: {
        tags,
        summary: 'Assign the template to everyone in the organisation and/or chosen users',
        params: templateIdParams,
        body: assignmentBody,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => templates.assign(actorOf(request), request.params.template_id, request.body),
  );
};
