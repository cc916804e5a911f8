import {
  codeSentResponse,
  loginResponse,
  mfaChallengeResponse,
  totpEnrolment,
  type LoginResponse,
  type MfaChallengeResponse,
  type TotpEnrolment,
} from '@lexdesk/contract';
import { z } from 'zod';
import { apiRequest } from '../../api/client.ts';

/** POST login/: a session, or (MFA on or required) a challenge for the second step. */
export function loginOrChallenge(
  username: string,
  password: string,
  remember: boolean,
): Promise<LoginResponse | MfaChallengeResponse> {
  return apiRequest('login/', {
    method: 'POST',
    body: { username: username.trim(), password, mode: 'webapp', remember },
    schema: z.union([loginResponse, mfaChallengeResponse]),
    forceLogoutOnAuthError: false,
  });
}

export function isChallenge(response: LoginResponse | MfaChallengeResponse): response is MfaChallengeResponse {
  return 'mfa_token' in response;
}

/** POST user/login/check-verification-code/: an authenticator, SMS or bypass code → the session. */
export function checkLoginCode(mfaToken: string, code: string): Promise<LoginResponse> {
  return apiRequest('user/login/check-verification-code/', {
    method: 'POST',
    body: { mfa_token: mfaToken, verification_code: code },
    schema: loginResponse,
    forceLogoutOnAuthError: false,
  });
}

/** POST user/login/send-verification-code/: a code by SMS to the verified phone. */
export function sendLoginSms(mfaToken: string): Promise<z.infer<typeof codeSentResponse>> {
  return apiRequest('user/login/send-verification-code/', {
    method: 'POST',
    body: { mfa_token: mfaToken },
    schema: codeSentResponse,
    forceLogoutOnAuthError: false,
  });
}

/** POST user/login/otp/validations/: the authenticator secret to set up when the organisation requires MFA. */
export function startLoginEnrolment(mfaToken: string): Promise<TotpEnrolment> {
  return apiRequest('user/login/otp/validations/', {
    method: 'POST',
    body: { mfa_token: mfaToken },
    schema: totpEnrolment,
    forceLogoutOnAuthError: false,
  });
}
