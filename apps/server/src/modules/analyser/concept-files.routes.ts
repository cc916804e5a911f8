import {
  ANALYSER_LIMITS,
  conceptExportQuery,
  conceptListCreateBody,
  conceptListCreated,
  conceptMessages as M,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { route } from '../../platform/http/define-route.ts';
import { readMultipart, XLSX_TYPE } from '../templates/index.ts';
import { CSV_TYPE, conceptFilesService } from './concept-files.service.ts';
import { listParams } from './concept-lists.routes.ts';

const tags = ['analyser'];

/** Import and export of a concept list as .xlsx or .csv (docs/analyser.md). */
export const conceptFilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const files = conceptFilesService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/concept-list/export/:concept_list_id/',
    access: 'analyser.concepts.read',
    tags,
    summary: 'The list as .xlsx or .csv: head, definition, terms, phrases',
    params: listParams,
    query: conceptExportQuery,
    produces: [XLSX_TYPE, CSV_TYPE],
    reply: z.any(),
    handler: async ({ actor, params, query, reply }) => {
      const file = await files.export(actor, params.concept_list_id, query.format);
      return reply
        .type(query.format === 'csv' ? CSV_TYPE : XLSX_TYPE)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  });
  route(app, {
    method: 'POST',
    url: '/api/concept-list/import/',
    access: 'analyser.concepts.write',
    tags,
    summary: "Import a list from .xlsx or .csv (multipart `file` and `name`), owned by the caller's organisation",
    consumes: ['multipart/form-data'],
    reply: conceptListCreated,
    created: true,
    errors: [409, 413, 429],
    handler: async ({ actor, request, signal }) => {
      const form = await readMultipart(request, ANALYSER_LIMITS.importBytes, M.importTooLarge);
      const name = conceptListCreateBody.shape.name.safeParse(form.fields.name ?? '');
      if (!name.success) {
        const problem = name.error.issues[0]?.message ?? M.nameRequired;
        throw badRequest(problem, { name: problem });
      }
      if (!form.file) throw badRequest(M.importType, { file: M.importType });
      return files.import(actor, name.data, form.file, signal);
    },
  });
};
