import {
  bypassCodesBody,
  bypassCodesResponse,
  codeSentResponse,
  detailResponse,
  lockedAccountList,
  lockedAccountQuery,
  loginCheckBody,
  loginResponse,
  mfaMonitoringResponse,
  mfaPolicyBody,
  mfaPolicyQuery,
  mfaPolicyResponse,
  mfaToggleBody,
  mfaToggleResponse,
  mfaTokenBody,
  phoneCheckBody,
  phoneSendBody,
  phoneStateResponse,
  phoneUpdateBody,
  totpEnrolment,
  unblockLoginBody,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { signInService } from '../accounts/index.ts';
import { accountAdminService } from './account-admin.service.ts';
import { loginChallengeService } from './login-challenge.service.ts';
import { mfaService } from './mfa.service.ts';
import { phoneService } from './phone.service.ts';

const tags = ['mfa'];

/** Multi-factor sign-in, phone verification and account lock (spec 01 §7, calls without screens). */
export const mfaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const mfa = mfaService(ctx);
  const phones = phoneService(ctx);
  const admin = accountAdminService(ctx);
  const challenges = loginChallengeService(ctx);
  const signIn = signInService(ctx);

  app.post(
    '/api/user/login/send-verification-code/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Second sign-in step: text a code to the user's verified phone",
        body: mfaTokenBody,
        response: withErrors({ 200: codeSentResponse }, 400, 429),
      },
    },
    async (request) => challenges.sendSms(request.body.mfa_token),
  );

  app.post(
    '/api/user/login/check-verification-code/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Second sign-in step: an authenticator, SMS or bypass code; answers the login response',
        body: loginCheckBody,
        response: withErrors({ 200: loginResponse }, 400, 401, 403, 429),
      },
    },
    async (request) => signIn.completeSecondStep(request.ip, request.body.mfa_token, request.body.verification_code),
  );

  app.post(
    '/api/user/login/otp/validations/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Second sign-in step when the organisation requires MFA and none is set up: a secret to scan',
        body: mfaTokenBody,
        response: withErrors({ 200: totpEnrolment }, 400),
      },
    },
    async (request) => challenges.enrol(request.body.mfa_token),
  );

  app.get(
    '/api/user/mfa/monitoring/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Own MFA state', response: withErrors({ 200: mfaMonitoringResponse }, 401) },
    },
    async (request) => mfa.monitoring(actorOf(request)),
  );

  app.post(
    '/api/user/mfa/toggle/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Start (current password) or confirm authenticator set-up, or turn MFA off (own; an admin for a user of theirs)',
        body: mfaToggleBody,
        response: withErrors({ 200: mfaToggleResponse }, 400, 401, 403, 404, 429),
      },
    },
    async (request) => mfa.toggle(actorOf(request), request.body),
  );

  app.post(
    '/api/user/mfa/generate-bypass-code/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'New one-time bypass codes (shown once; earlier ones stop working)',
        body: bypassCodesBody,
        response: withErrors({ 200: bypassCodesResponse }, 400, 401, 429),
      },
    },
    async (request) => mfa.generateBypassCodes(actorOf(request), request.body.password),
  );

  app.get(
    '/api/organisation/mfa-policy/',
    {
      config: { access: 'organisations.mfa_policy.read' },
      schema: {
        tags,
        summary: 'Roles of an organisation that must use MFA (admin: own organisation)',
        querystring: mfaPolicyQuery,
        response: withErrors({ 200: mfaPolicyResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => admin.policy(actorOf(request), request.query.organisation_id),
  );

  app.put(
    '/api/organisation/mfa-policy/',
    {
      config: { access: 'organisations.mfa_policy.update' },
      schema: {
        tags,
        summary: 'Set the roles that must use MFA (admin: own organisation)',
        body: mfaPolicyBody,
        response: withErrors({ 200: mfaPolicyResponse.extend(detailResponse.shape) }, 400, 401, 403, 404),
      },
    },
    async (request) => admin.setPolicy(actorOf(request), request.body.organisation_id, request.body.required_roles),
  );

  app.get(
    '/api/user/unblock-login/',
    {
      config: { access: 'users.login.unblock' },
      schema: {
        tags,
        summary: 'Accounts locked by failed sign-ins (admin: own organisation)',
        querystring: lockedAccountQuery,
        response: withErrors({ 200: lockedAccountList }, 400, 401, 403),
      },
    },
    async (request) => admin.locked(actorOf(request), request.query),
  );

  app.post(
    '/api/user/unblock-login/',
    {
      config: { access: 'users.login.unblock' },
      schema: {
        tags,
        summary: 'Unlock an account locked by failed sign-ins (admin: own organisation)',
        body: unblockLoginBody,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => admin.unblock(actorOf(request), request.body.user_id),
  );

  app.post(
    '/api/user/phone/send-verification-code/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Text a verification code to a phone number',
        body: phoneSendBody,
        response: withErrors({ 200: codeSentResponse }, 400, 401, 429),
      },
    },
    async (request) => phones.send(actorOf(request), request.body.phone),
  );

  app.post(
    '/api/user/phone/check-verification-code/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Check the code texted to the phone number',
        body: phoneCheckBody,
        response: withErrors({ 200: phoneStateResponse }, 400, 401),
      },
    },
    async (request) => phones.check(actorOf(request), request.body.phone, request.body.verification_code),
  );

  app.post(
    '/api/user/phone/update/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Save a phone number verified in the last 10 minutes as the verified phone (current password)',
        body: phoneUpdateBody,
        response: withErrors({ 200: phoneStateResponse }, 400, 401, 429),
      },
    },
    async (request) => phones.update(actorOf(request), request.body.phone, request.body.password),
  );
};
