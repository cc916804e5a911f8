import { loginResponse, tokenSignInBody, tokenSignInCheckResponse, tokenSignInCodeResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { tokenSignInService } from './token-sign-in.ts';

const tags = ['accounts'];

/** Token sign-in of spec 01 §2/§3 with one-time codes exchanged by POST (docs/security.md). */
export const tokenSignInRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tokens = tokenSignInService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/user-detail/token/code/',
    access: 'authenticated',
    tags,
    summary: 'A one-time code (minutes long) that signs another tab or application in as the caller',
    reply: tokenSignInCodeResponse,
    handler: ({ actor }) => tokens.issueCode(actor),
  });

  route(app, {
    method: 'POST',
    url: '/api/user-detail/token/check/',
    access: 'public',
    tags,
    summary: 'Whom a one-time code signs in as, without using it (the page asks first)',
    body: tokenSignInBody,
    reply: tokenSignInCheckResponse,
    errors: [401],
    handler: ({ body }) => tokens.check(body.token),
  });

  route(app, {
    method: 'POST',
    url: '/api/user-detail/token/',
    access: 'public',
    tags,
    summary: 'Token sign-in: uses a one-time code up and answers a new session of its user',
    body: tokenSignInBody,
    reply: loginResponse,
    errors: [401],
    handler: ({ body }) => tokens.exchange(body.token),
  });
};
