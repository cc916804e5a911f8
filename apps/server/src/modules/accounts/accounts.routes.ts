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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { accountsService } from './accounts.service.ts';
import { signInService } from './sign-in.ts';

export const LOGOUT_DETAIL = 'Signed out.';
const tags = ['accounts'];

/** Sign-in, sign-out, token hand-over and the emailed links (spec 01 §7, Session and accounts). */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const accounts = accountsService(ctx);
  const signIn = signInService(ctx);

  app.post(
    '/api/login/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with email and password; with MFA on or required, a challenge instead of a session',
        body: loginBody,
        response: withErrors({ 200: z.union([loginResponse, mfaChallengeResponse]) }, 400, 401, 403, 429),
      },
    },
    async (request) => signIn.login(request.ip, request.body),
  );

  app.post(
    '/api/logout/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Revoke the current session token', response: withErrors({ 200: detailResponse }, 401) },
    },
    async (request) => {
      await accounts.logout(actorOf(request));
      return { detail: LOGOUT_DETAIL };
    },
  );

  app.post(
    '/api/forgotpassword/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Email a reset-password link (same answer for unknown emails)',
        body: forgotPasswordBody,
        response: withErrors({ 200: forgotPasswordResponse }, 400, 429),
      },
    },
    async (request) => accounts.forgotPassword(request.ip, request.body.username),
  );

  app.post(
    '/api/token/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Validate a set/reset-password link (user: true) or a create-admin link (user: false)',
        body: tokenValidateBody,
        response: withErrors({ 200: tokenValidateResponse }, 400),
      },
    },
    async (request) => accounts.validateLink(request.body),
  );

  app.put(
    '/api/token/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set the password through a set/reset-password link',
        body: tokenSetPasswordBody,
        response: withErrors({ 200: detailResponse }, 400),
      },
    },
    async (request) => accounts.setPasswordWithLink(request.body),
  );

  app.post(
    '/api/user/create/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Complete an admin invitation (create-admin link)',
        body: userCreateBody,
        response: withErrors({ 200: detailResponse }, 400),
      },
    },
    async (request) => accounts.completeAdminInvitation(request.body),
  );
};
