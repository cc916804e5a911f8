import {
  registerCheckResponse,
  registerResendResponse,
  signUpResponse,
  type RegisterCheckResponse,
  type RegisterResendResponse,
  type SignUpBody,
  type SignUpResponse,
} from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

/** POST sign-up/: starts the registration; the OTP goes by SMS (or email without a phone). */
export function signUp(body: SignUpBody): Promise<SignUpResponse> {
  return apiRequest('sign-up/', { method: 'POST', body, schema: signUpResponse, forceLogoutOnAuthError: false });
}

/** POST user/register/send-verification-code/: a new OTP (at most 3 times). */
export function resendOtp(token: string): Promise<RegisterResendResponse> {
  return apiRequest('user/register/send-verification-code/', {
    method: 'POST',
    body: { token },
    schema: registerResendResponse,
    forceLogoutOnAuthError: false,
  });
}

/** POST user/register/check-verification-code/: creates the organisation and emails the set-password link. */
export function checkOtp(token: string, code: string): Promise<RegisterCheckResponse> {
  return apiRequest('user/register/check-verification-code/', {
    method: 'POST',
    body: { token, verification_code: code },
    schema: registerCheckResponse,
    forceLogoutOnAuthError: false,
  });
}
