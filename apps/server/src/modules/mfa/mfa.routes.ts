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
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
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

  route(app, {
    method: 'POST',
    url: '/api/user/login/send-verification-code/',
    access: 'public',
    tags,
    summary: "Second sign-in step: text a code to the user's verified phone",
    body: mfaTokenBody,
    reply: codeSentResponse,
    errors: [429],
    handler: ({ body }) => challenges.sendSms(body.mfa_token),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/login/check-verification-code/',
    access: 'public',
    tags,
    summary: 'Second sign-in step: an authenticator, SMS or bypass code; answers the login response',
    body: loginCheckBody,
    reply: loginResponse,
    errors: [401, 403, 429],
    handler: ({ body, request }) => signIn.completeSecondStep(request.ip, body.mfa_token, body.verification_code),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/login/otp/validations/',
    access: 'public',
    tags,
    summary: 'Second sign-in step when the organisation requires MFA and none is set up: a secret to scan',
    body: mfaTokenBody,
    reply: totpEnrolment,
    handler: ({ body }) => challenges.enrol(body.mfa_token),
  });

  route(app, {
    method: 'GET',
    url: '/api/user/mfa/monitoring/',
    access: 'authenticated',
    tags,
    summary: 'Own MFA state',
    reply: mfaMonitoringResponse,
    handler: ({ actor }) => mfa.monitoring(actor),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/mfa/toggle/',
    access: 'authenticated',
    tags,
    summary:
      'Start (current password) or confirm authenticator set-up, or turn MFA off (own; an admin for a user of theirs)',
    body: mfaToggleBody,
    reply: mfaToggleResponse,
    notFound: true,
    errors: [403, 429],
    handler: ({ actor, body }) => mfa.toggle(actor, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/mfa/generate-bypass-code/',
    access: 'authenticated',
    tags,
    summary: 'New one-time bypass codes (shown once; earlier ones stop working)',
    body: bypassCodesBody,
    reply: bypassCodesResponse,
    errors: [429],
    handler: ({ actor, body }) => mfa.generateBypassCodes(actor, body.password),
  });

  route(app, {
    method: 'GET',
    url: '/api/organisation/mfa-policy/',
    access: 'organisations.mfa_policy.read',
    tags,
    summary: 'Roles of an organisation that must use MFA (admin: own organisation)',
    query: mfaPolicyQuery,
    reply: mfaPolicyResponse,
    notFound: true,
    handler: ({ actor, query }) => admin.policy(actor, query.organisation_id),
  });

  route(app, {
    method: 'PUT',
    url: '/api/organisation/mfa-policy/',
    access: 'organisations.mfa_policy.update',
    tags,
    summary: 'Set the roles that must use MFA (admin: own organisation)',
    body: mfaPolicyBody,
    reply: mfaPolicyResponse.extend(detailResponse.shape),
    notFound: true,
    handler: ({ actor, body }) => admin.setPolicy(actor, body.organisation_id, body.required_roles),
  });

  route(app, {
    method: 'GET',
    url: '/api/user/unblock-login/',
    access: 'users.login.unblock',
    tags,
    summary: 'Accounts locked by failed sign-ins (admin: own organisation)',
    query: lockedAccountQuery,
    reply: lockedAccountList,
    handler: ({ actor, query }) => admin.locked(actor, query),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/unblock-login/',
    access: 'users.login.unblock',
    tags,
    summary: 'Unlock an account locked by failed sign-ins (admin: own organisation)',
    body: unblockLoginBody,
    reply: detailResponse,
    notFound: true,
    handler: ({ actor, body }) => admin.unblock(actor, body.user_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/phone/send-verification-code/',
    access: 'authenticated',
    tags,
    summary: 'Text a verification code to a phone number',
    body: phoneSendBody,
    reply: codeSentResponse,
    errors: [429],
    handler: ({ actor, body }) => phones.send(actor, body.phone),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/phone/check-verification-code/',
    access: 'authenticated',
    tags,
    summary: 'Check the code texted to the phone number',
    body: phoneCheckBody,
    reply: phoneStateResponse,
    handler: ({ actor, body }) => phones.check(actor, body.phone, body.verification_code),
  });

  route(app, {
    method: 'POST',
    url: '/api/user/phone/update/',
    access: 'authenticated',
    tags,
    summary: 'Save a phone number verified in the last 10 minutes as the verified phone (current password)',
    body: phoneUpdateBody,
    reply: phoneStateResponse,
    errors: [429],
    handler: ({ actor, body }) => phones.update(actor, body.phone, body.password),
  });
};
