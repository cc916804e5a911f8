import { loginResponse, tokenSignInBody, tokenSignInCheckResponse, tokenSignInCodeResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { tokenSignInService } from './token-sign-in.ts';

const tags = ['accounts'];

/** Token sign-in of spec 01 §2/§3 with one-time codes exchanged by POST (docs/security.md). */
export const tokenSignInRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tokens = tokenSignInService(ctx);

  app.post(
    '/api/user-detail/token/code/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A one-time code (minutes long) that signs another tab or application in as the caller',
        response: withErrors({ 200: tokenSignInCodeResponse }, 401),
      },
    },
    async (request) => tokens.issueCode(actorOf(request)),
  );

  app.post(
    '/api/user-detail/token/check/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whom a one-time code signs in as, without using it (the page asks first)',
        body: tokenSignInBody,
        response: withErrors({ 200: tokenSignInCheckResponse }, 400, 401),
      },
    },
    async (request) => tokens.check(request.body.token),
  );

  app.post(
    '/api/user-detail/token/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Token sign-in: uses a one-time code up and answers a new session of its user',
        body: tokenSignInBody,
        response: withErrors({ 200: loginResponse }, 400, 401),
      },
    },
    async (request) => tokens.exchange(request.body.token),
  );
};
