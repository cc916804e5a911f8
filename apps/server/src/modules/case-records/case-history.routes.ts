import { caseHistoryParams, caseHistoryQuery, caseHistoryResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { caseHistoryService } from './case-history.service.ts';

/** The audit history of a case (/case-history/history/{id}?caseName=). */
export const caseHistoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = caseHistoryService(ctx);
  route(app, {
    method: 'GET',
    url: '/api/case-history/history/:case_id/',
    access: 'case.history.read',
    tags: ['case history'],
    summary: 'Who changed what on a case and its documents, emails, alerts and reports, newest first',
    params: caseHistoryParams,
    query: caseHistoryQuery,
    reply: caseHistoryResponse,
    handler: ({ actor, params, query }) => service.history(actor, params.case_id, query),
  });
};
