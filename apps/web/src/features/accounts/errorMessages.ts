import { forgotPasswordMessages, loginMessages } from '@lexdesk/contract';
import { isApiError } from '../../api/client.ts';

/** Spec 01 §8: sign-in shows the server's text for credentials (401), a refused account (403) and throttling (429). */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && [401, 403, 429].includes(error.status)) return error.detail;
  return loginMessages.network;
}

/** Spec 01 §8: forgot password shows the server's text on 400 (and throttling); 404 and the rest are fixed. */
export function forgotErrorMessage(error: unknown): string {
  if (isApiError(error, 400) || isApiError(error, 429)) return error.detail;
  if (isApiError(error, 404)) return forgotPasswordMessages.notFoundUrl;
  return forgotPasswordMessages.generic;
}
