import { setupBody, setupResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { setupService } from './setup.service.ts';

/** First-run setup: the holder of the console's one-time link creates the organisation and its super user. */
export const setupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const setup = setupService(ctx);
  app.post(
    '/api/setup/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['setup'],
        summary: "First-run setup with the console's one-time link: the organisation and its first super user",
        body: setupBody,
        response: withErrors({ 201: setupResponse }, 400, 429),
      },
    },
    async (request, reply) => reply.code(201).send(await setup.complete(request.ip, request.body)),
  );
};
