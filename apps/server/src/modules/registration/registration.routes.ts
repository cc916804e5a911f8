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
import { withErrors } from '../../platform/http/route-schemas.ts';
import { registrationService } from './registration.service.ts';

const tags = ['registration'];

/** Self-registration (spec 01 §7: sign-up/, user/register/send-verification-code/, check-verification-code/). */
export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const registration = registrationService(ctx);

  app.post(
    '/api/sign-up/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start a self-registration: the OTP goes by SMS (or email without a phone)',
        body: signUpBody,
        response: withErrors({ 200: signUpResponse }, 400, 403, 409, 429),
      },
    },
    async (request) => registration.signUp(request.ip, request.body),
  );

  app.post(
    '/api/user/register/send-verification-code/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send the registration OTP again (at most 3 times); a new 10 minutes start',
        body: registerTokenBody,
        response: withErrors({ 200: registerResendResponse }, 400, 429),
      },
    },
    async (request) => registration.resend(request.body.token),
  );

  app.post(
    '/api/user/register/check-verification-code/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check the OTP: creates the organisation and its admin, emails the set-password link',
        body: registerCheckBody,
        response: withErrors({ 200: registerCheckResponse }, 400, 409, 429),
      },
    },
    async (request) => registration.check(request.ip, request.body.token, request.body.verification_code),
  );
};
