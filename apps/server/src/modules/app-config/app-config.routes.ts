import { appConfigResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { settingsService } from '../settings/index.ts';

export const PRODUCT_NAME = 'Lexdesk';

/** Installation settings the web needs before sign-in (Admin Setting's stored values over the configuration). */
export const appConfigRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, {
    method: 'GET',
    url: '/api/app-config/',
    access: 'public',
    tags: ['app-config'],
    summary: 'Help address, product name, whether registration is open, Bespoke contact',
    reply: appConfigResponse,
    handler: async () => {
      const settings = await settingsService(ctx).current();
      return {
        help_url: settings.help_url,
        product_name: PRODUCT_NAME,
        registration_open: settings.registration_open,
        bespoke_contact: settings.bespoke_contact,
      };
    },
  });
};
