import {
  detailResponse,
  ERROR_CODES,
  forgotPasswordResponse,
  loginResponse,
  tokenValidateResponse,
  passwordMessages,
  type LoginResponse,
} from '@lexdesk/contract';
import type { z } from 'zod';
import { apiRequest, isApiError } from '../../api/client.ts';

/** POST user-detail/token/: uses a one-time sign-in code up for a session of its own. */
export function tokenSignIn(token: string): Promise<LoginResponse> {
  return apiRequest('user-detail/token/', {
    method: 'POST',
    body: { token },
    schema: loginResponse,
    forceLogoutOnAuthError: false,
  });
}

export function forgotPassword(username: string): Promise<z.infer<typeof forgotPasswordResponse>> {
  return apiRequest('forgotpassword/', {
    method: 'POST',
    body: { username: username.trim() },
    schema: forgotPasswordResponse,
    forceLogoutOnAuthError: false,
  });
}

export type LinkCheck = z.infer<typeof tokenValidateResponse>;

/** POST token/ with user:true: a set or reset password link. */
export function validatePasswordLink(token: string): Promise<LinkCheck> {
  return apiRequest('token/', {
    method: 'POST',
    body: { user: true, token },
    schema: tokenValidateResponse,
    forceLogoutOnAuthError: false,
  });
}

/** POST token/ with user:false: a create-admin link, for the email it was sent to. */
export function validateAdminLink(username: string, token: string): Promise<LinkCheck> {
  return apiRequest('token/', {
    method: 'POST',
    body: { user: false, username, token },
    schema: tokenValidateResponse,
    forceLogoutOnAuthError: false,
  });
}

/** PUT token/: sets the password of a link (single use). */
export function setPasswordWithLink(token: string, password: string): Promise<{ detail: string }> {
  return apiRequest('token/', {
    method: 'PUT',
    body: { token, password },
    schema: detailResponse,
    forceLogoutOnAuthError: false,
  });
}

export interface CreateAdminInput {
  username: string;
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  phone?: string;
}

/** POST user/create/: the administrator account of a create-admin link. */
export function createAdmin(input: CreateAdminInput): Promise<unknown> {
  return apiRequest('user/create/', { method: 'POST', body: input, forceLogoutOnAuthError: false });
}

/** A link that is used, expired or unknown: the server says 'Link expired' (or 404); spec 01 §2 sends it to /404. */
export function isDeadLink(error: unknown): boolean {
  return (
    isApiError(error, 404) ||
    (isApiError(error, 400) &&
      (error.detail === passwordMessages.linkExpired || error.code === ERROR_CODES.linkExpired))
  );
}
