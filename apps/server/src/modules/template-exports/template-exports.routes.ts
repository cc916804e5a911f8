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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ZIP_TYPE, readMultipart } from '../templates/index.ts';
import { templateExportsService } from './template-exports.service.ts';

const tags = ['template exports'];
const access = 'templates.exports.manage' as const;

/** Export Template, Export Questionnaires, Export History (super; spec 01 §2 routes). */
export const templateExportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const exportsService = templateExportsService(ctx);

  app.post(
    '/api/template-export/template/:template_id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Export a template with the questionnaires of its categories as one package (.zip)',
        params: templateIdParams,
        response: withErrors({ 201: packageSaved }, 400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await exportsService.exportTemplate(actorOf(request), request.params.template_id)),
  );

  app.post(
    '/api/template-export/questionnaires/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Export the questionnaires of the chosen categories as one package (.zip)',
        body: exportQuestionnairesBody,
        response: withErrors({ 201: packageSaved }, 400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await exportsService.exportQuestionnaires(actorOf(request), request.body)),
  );

  app.post(
    '/api/template-export/import/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Import a package into an organisation: multipart `organisation_id` and `file` (.zip)',
        consumes: ['multipart/form-data'],
        response: withErrors({ 201: packageSaved }, 400, 401, 403, 413),
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, TEMPLATE_LIMITS.packageBytes);
      const fields = importFields.safeParse(form.fields);
      if (!fields.success) throw badRequest(M.chooseOrganisation, { organisation_id: M.chooseOrganisation });
      if (!form.file) throw badRequest(M.packageInvalid, { file: M.packageInvalid });
      const saved = await exportsService.importPackage(
        actorOf(request),
        fields.data.organisation_id,
        form.file.fileName,
        form.file.data,
      );
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/api/template-export/history/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every export and import, newest first',
        querystring: packageHistoryQuery,
        response: withErrors({ 200: packageHistoryResponse }, 400, 401, 403),
      },
    },
    async (request) => exportsService.history(actorOf(request), request.query),
  );

  app.get(
    '/api/template-export/history/:package_id/file/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Download an exported or imported package',
        params: packageIdParams,
        response: withErrors({ 200: z.any() }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await exportsService.file(actorOf(request), request.params.package_id);
      return reply.type(ZIP_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  );
};
