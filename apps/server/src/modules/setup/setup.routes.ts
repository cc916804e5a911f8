import { setupBody, setupResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { setupService } from './setup.service.ts';

/** First-run setup: the holder of the console's one-time link creates the organisation and its super user. */
export const setupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const setup = setupService(ctx);
  route(app, {
    method: 'POST',
    url: '/api/setup/',
    access: 'public',
    tags: ['setup'],
    summary: "First-run setup with the console's one-time link: the organisation and its first super user",
    body: setupBody,
    reply: setupResponse,
    created: true,
    errors: [429],
    handler: ({ body, request }) => setup.complete(request.ip, body),
  });
};
