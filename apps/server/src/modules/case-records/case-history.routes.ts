import { caseHistoryParams, caseHistoryQuery, caseHistoryResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { caseHistoryService } from './case-history.service.ts';

/** The audit history of a case (/case-history/history/{id}?caseName=). */
export const caseHistoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = caseHistoryService(ctx);
  app.get(
    '/api/case-history/history/:case_id/',
    {
      config: { access: 'case.history.read' },
      schema: {
        tags: ['case history'],
        summary: 'Who changed what on a case and its documents, emails, alerts and reports, newest first',
        params: caseHistoryParams,
        querystring: caseHistoryQuery,
        response: withErrors({ 200: caseHistoryResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => service.history(actorOf(request), request.params.case_id, request.query),
  );
};
