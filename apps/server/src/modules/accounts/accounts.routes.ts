import {
  detailResponse,
  forgotPasswordBody,
  forgotPasswordResponse,
  loginBody,
  loginResponse,
  mfaChallengeResponse,
  tokenSetPasswordBody,
  tokenValidateBody,
  tokenValidateResponse,
  userCreateBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { accountsService } from './accounts.service.ts';
import { signInService } from './sign-in.ts';

export const LOGOUT_DETAIL = 'Signed out.';
const tags = ['accounts'];

/** Sign-in, sign-out, token hand-over and the emailed links (spec 01 §7, Session and accounts). */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const accounts = accountsService(ctx);
  const signIn = signInService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/login/',
    access: 'public',
    tags,
    summary: 'Sign in with email and password; with MFA on or required, a challenge instead of a session',
    body: loginBody,
    reply: z.union([loginResponse, mfaChallengeResponse]),
    errors: [401, 403, 429],
    handler: ({ body, request }) => signIn.login(request.ip, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/logout/',
    access: 'authenticated',
    tags,
    summary: 'Revoke the current session token',
    reply: detailResponse,
    handler: async ({ actor }) => {
      await accounts.logout(actor);
      return { detail: LOGOUT_DETAIL };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/forgotpassword/',
    access: 'public',
    tags,
    summary: 'Email a reset-password link (same answer for unknown emails)',
    body: forgotPasswordBody,
    reply: forgotPasswordResponse,
    errors: [429],
    handler: ({ body, request }) => accounts.forgotPassword(request.ip, body.username),
  });

  route(app, {
    method: 'POST',
    url: '/api/token/',
    access: 'public',
    tags,
    summary: 'Validate a set/reset-password link (user: true) or a create-admin link (user: false)',
    body: tokenValidateBody,
    reply: tokenValidateResponse,
    handler: ({ body }) => accounts.validateLink(body),
  });

  route(app, {
    method: 'PUT',
    url: '/api/token/',
    access: 'public',
    tags,
    summary: 'Set the password through a set/reset-password link',
    body: tokenSetPasswordBody,
    reply: detailResponse,
    handler: ({ body }) => accounts.setPasswordWithLink(body),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/create/',
    access: 'public',
    tags,
    summary: 'Complete an admin invitation (create-admin link)',
    body: userCreateBody,
    reply: detailResponse,
    handler: ({ body }) => accounts.completeAdminInvitation(body),
  });
};
