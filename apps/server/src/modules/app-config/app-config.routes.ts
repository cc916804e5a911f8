import { appConfigResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';

export const PRODUCT_NAME = 'Lexdesk';

/** Installation settings the web needs before sign-in. Small enough to need no service. */
export const appConfigRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/app-config/',
    {
      config: { access: 'public' },
      schema: { tags: ['app-config'], summary: 'Help address and product name', response: { 200: appConfigResponse } },
    },
    async () => ({ help_url: ctx.config.helpUrl, product_name: PRODUCT_NAME }),
  );
};
