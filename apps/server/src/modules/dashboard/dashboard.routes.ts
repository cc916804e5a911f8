import { dashboardResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { dashboardService } from './dashboard.service.ts';

/** The dashboard (/dashboard): landing page of users with the Case module. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = dashboardService(ctx);
  app.get(
    '/api/dashboard/',
    {
      config: { access: 'dashboard.read' },
      schema: {
        tags: ['dashboard'],
        summary: 'Cases by status, documents by indexing state, recent documents and due alerts',
        response: withErrors({ 200: dashboardResponse }, 401, 403),
      },
    },
    async (request) => service.overview(actorOf(request)),
  );
};
