import { comparisonExportQuery, comparisonRequest, comparisonResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { attachmentDisposition } from '../../../platform/http/content-disposition.ts';
import { route } from '../../../platform/http/define-route.ts';
import { comparisonService } from './comparison.service.ts';
import { DOCX_TYPE } from './redline-docx.ts';

const tags = ['analyser'];
const access = 'analyser.compare.run';

/** Document comparison: the redline of two documents and its .docx with tracked changes (docs/analyser.md). */
export const comparisonRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const comparison = comparisonService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/analyser/compare/',
    access,
    tags,
    summary:
      'Word-level redline of two documents the caller may open (left = earlier), with a concept list counted in both',
    body: comparisonRequest,
    reply: comparisonResponse,
    notFound: true,
    errors: [409, 413, 429],
    handler: ({ actor, body, signal }) =>
      comparison.compare(
        actor,
        { leftId: body.left_document_id, rightId: body.right_document_id, conceptListId: body.concept_list_id },
        signal,
      ),
  });
  route(app, {
    method: 'GET',
    url: '/api/analyser/compare/export/',
    access,
    tags,
    summary: 'The redline as .docx with tracked changes (w:ins, w:del): Accept All gives the right document',
    query: comparisonExportQuery,
    produces: [DOCX_TYPE],
    reply: z.any(),
    notFound: true,
    errors: [409, 413, 429],
    handler: async ({ actor, query, reply, signal }) => {
      const file = await comparison.export(actor, query.left, query.right, signal);
      return reply.type(DOCX_TYPE).header('content-disposition', attachmentDisposition(file.fileName)).send(file.data);
    },
  });
};
