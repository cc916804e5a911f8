import {
  exportQuestionnairesBody,
  importFields,
  packageHistoryQuery,
  packageHistoryResponse,
  packageIdParams,
  packageSaved,
  TEMPLATE_LIMITS,
  templateIdParams,
  templateMessages as M,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { route } from '../../platform/http/define-route.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ZIP_TYPE, readMultipart } from '../templates/index.ts';
import { templateExportsService } from './template-exports.service.ts';

const tags = ['template exports'];
const access = 'templates.exports.manage' as const;

/** Export Template, Export Questionnaires, Export History (super; spec 01 §2 routes). */
export const templateExportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const exportsService = templateExportsService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/template-export/template/:template_id/',
    access,
    tags,
    summary: 'Export a template with the questionnaires of its categories as one package (.zip)',
    params: templateIdParams,
    reply: packageSaved,
    created: true,
    handler: ({ actor, params }) => exportsService.exportTemplate(actor, params.template_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/template-export/questionnaires/',
    access,
    tags,
    summary: 'Export the questionnaires of the chosen categories as one package (.zip)',
    body: exportQuestionnairesBody,
    reply: packageSaved,
    created: true,
    notFound: true,
    handler: ({ actor, body }) => exportsService.exportQuestionnaires(actor, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/template-export/import/',
    access,
    tags,
    summary: 'Import a package into an organisation: multipart `organisation_id` and `file` (.zip)',
    consumes: ['multipart/form-data'],
    reply: packageSaved,
    created: true,
    errors: [413, 429],
    handler: async ({ actor, request, signal }) => {
      const form = await readMultipart(request, TEMPLATE_LIMITS.packageBytes);
      const fields = importFields.safeParse(form.fields);
      if (!fields.success) throw badRequest(M.chooseOrganisation, { organisation_id: M.chooseOrganisation });
      if (!form.file) throw badRequest(M.packageInvalid, { file: M.packageInvalid });
      const file = form.file;
      return exportsService.importPackage(actor, fields.data.organisation_id, file.fileName, file.data, signal);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/template-export/history/',
    access,
    tags,
    summary: 'Every export and import, newest first',
    query: packageHistoryQuery,
    reply: packageHistoryResponse,
    handler: ({ actor, query }) => exportsService.history(actor, query),
  });

  route(app, {
    method: 'GET',
    url: '/api/template-export/history/:package_id/file/',
    access,
    tags,
    summary: 'Download an exported or imported package',
    params: packageIdParams,
    reply: z.any(),
    handler: async ({ actor, params, reply }) => {
      const file = await exportsService.file(actor, params.package_id);
      return reply.type(ZIP_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  });
};
