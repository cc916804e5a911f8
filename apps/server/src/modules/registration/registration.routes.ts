import {
  registerCheckBody,
  registerCheckResponse,
  registerResendResponse,
  registerTokenBody,
  signUpBody,
  signUpResponse,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { registrationService } from './registration.service.ts';

const tags = ['registration'];

/** Self-registration (spec 01 §7: sign-up/, user/register/send-verification-code/, check-verification-code/). */
export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const registration = registrationService(ctx);

  route(app, {
    method: 'POST',
    url: '/api/sign-up/',
    access: 'public',
    tags,
    summary: 'Start a self-registration: the OTP goes by SMS (or email without a phone)',
    body: signUpBody,
    reply: signUpResponse,
    errors: [403, 409, 429],
    handler: ({ body, request }) => registration.signUp(request.ip, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/register/send-verification-code/',
    access: 'public',
    tags,
    summary: 'Send the registration OTP again (at most 3 times); a new 10 minutes start',
    body: registerTokenBody,
    reply: registerResendResponse,
    errors: [429],
    handler: ({ body }) => registration.resend(body.token),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/register/check-verification-code/',
    access: 'public',
    tags,
    summary: 'Check the OTP: creates the organisation and its admin, emails the set-password link',
    body: registerCheckBody,
    reply: registerCheckResponse,
    errors: [409, 429],
    handler: ({ body, request }) => registration.check(request.ip, body.token, body.verification_code),
  });
};
