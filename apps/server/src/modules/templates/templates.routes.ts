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
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { route } from '../../platform/http/define-route.ts';
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

  route(app, {
    method: 'GET',
    url: '/api/document-template/',
    access: READ,
    tags,
    summary: 'Templates: all of the organisation for super and admin, those assigned to the caller for users',
    query: templateListQuery,
    reply: templateListResponse,
    handler: ({ actor, query }) => templates.list(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/document-template/',
    access: WRITE,
    tags,
    summary: 'Upload a template: multipart fields `name`, `description` and `file` (.docx, at most 20 MB)',
    consumes: ['multipart/form-data'],
    reply: templateSaved,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, request, signal }) => {
      const form = await readMultipart(request, TEMPLATE_LIMITS.fileBytes);
      const fields = parseFields(form.fields);
      return templates.create(actor, fields, requireFile(form), signal);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/document-template/:template_id/',
    access: READ,
    tags,
    summary: 'A template with its tags, tag matching, category list and assignment',
    params: templateIdParams,
    reply: templateDetail,
    handler: ({ actor, params }) => templates.detail(actor, params.template_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/document-template/:template_id/',
    access: WRITE,
    tags,
    summary: "Change a template's name and description",
    params: templateIdParams,
    body: templateUpdateBody,
    reply: templateSaved,
    handler: ({ actor, params, body }) => templates.update(actor, params.template_id, body),
  });

  route(app, {
    method: 'DELETE',
    url: '/api/document-template/:template_id/',
    access: WRITE,
    tags,
    summary: 'Delete a template with its versions and execution history',
    params: templateIdParams,
    reply: detailResponse,
    handler: ({ actor, params }) => templates.remove(actor, params.template_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/document-template/:template_id/file/',
    access: WRITE,
    tags,
    summary: 'Replace the .docx (multipart field `file`): a new version; past executions keep theirs',
    consumes: ['multipart/form-data'],
    params: templateIdParams,
    reply: templateSaved,
    errors: [413, 429],
    handler: async ({ actor, params, request, signal }) => {
      const form = await readMultipart(request, TEMPLATE_LIMITS.fileBytes);
      return templates.replaceFile(actor, params.template_id, requireFile(form), signal);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/document-template/:template_id/file/',
    access: WRITE,
    tags,
    summary: "Download the template's current .docx",
    params: templateIdParams,
    reply: z.any(),
    handler: async ({ actor, params, reply }) => {
      const file = await templates.file(actor, params.template_id);
      return reply.type(DOCX_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/document-template/:template_id/category/:category_id/',
    access: WRITE,
    tags,
    summary: "Set the active flag of one of the template's categories (inactive ones are not asked)",
    params: templateCategoryParams,
    body: categoryActiveBody,
    reply: templateSaved,
    handler: ({ actor, params, body }) =>
      templates.setCategoryActive(actor, params.template_id, params.category_id, body.active),
  });

  route(app, {
    method: 'GET',
    url: '/api/document-template/:template_id/assign/',
    access: WRITE,
    tags,
    summary: 'Who the template is assigned to, and the users it can be assigned to',
    params: templateIdParams,
    reply: assignmentResponse,
    handler: ({ actor, params }) => templates.assignment(actor, params.template_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/document-template/:template_id/assign/',
    access: WRITE,
    tags,
    summary: 'Assign the template to everyone in the organisation and/or chosen users',
    params: templateIdParams,
    body: assignmentBody,
    reply: detailResponse,
    handler: ({ actor, params, body }) => templates.assign(actor, params.template_id, body),
  });
};
