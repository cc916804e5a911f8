import { dashboardResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { dashboardService } from './dashboard.service.ts';

/** The dashboard (/dashboard): landing page of users with the Case module. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = dashboardService(ctx);
  route(app, {
    method: 'GET',
    url: '/api/dashboard/',
    access: 'dashboard.read',
    tags: ['dashboard'],
    summary: 'Cases by status, documents by indexing state, recent documents and due alerts',
    reply: dashboardResponse,
    handler: ({ actor }) => service.overview(actor),
  });
};
