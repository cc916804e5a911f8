import type { MfaChallengeResponse, MfaToggleResponse } from '@lexdesk/contract';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { STRONG_PASSWORD, type Harness } from '../../../test/harness.ts';

/** The authenticator code of `secret` at the test clock's time plus `offsetSeconds`. */
export function totpAt(h: Harness, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) + offsetSeconds });
}

/** Turns MFA on for the session's user through the API; answers the secret and the bypass codes. */
export async function enrolMfa(
  h: Harness,
  token: string,
  password = STRONG_PASSWORD,
): Promise<{ secret: string; bypassCodes: string[] }> {
  const start = await h.request('POST', '/api/user/mfa/toggle/', { token, body: { enable: true, password } });
  expect(start.statusCode, start.body).toBe(200);
  const secret = start.json<MfaToggleResponse>().enrolment!.secret;
  const confirm = await h.request('POST', '/api/user/mfa/toggle/', {
    token,
    body: { enable: true, verification_code: await totpAt(h, secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, bypassCodes: confirm.json<MfaToggleResponse>().bypass_codes ?? [] };
}

/** POST login/ that must answer a challenge (no session). */
export async function startChallenge(h: Harness, email: string, password: string): Promise<MfaChallengeResponse> {
  const res = await h.request('POST', '/api/login/', { body: { username: email, password }, ip: h.uniqueIp() });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<MfaChallengeResponse & { access?: string }>();
  expect(body.access).toBeUndefined();
  return body;
}

export function checkCode(h: Harness, mfaToken: string, code: string) {
  return h.request('POST', '/api/user/login/check-verification-code/', {
    body: { mfa_token: mfaToken, verification_code: code },
    ip: h.uniqueIp(),
  });
}
