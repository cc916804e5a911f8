import { commonMessages } from '@lexdesk/contract';
import type { z } from 'zod';
import { clearSession, getToken } from '../app/session/storage.ts';
import {
  ApiError,
  errorFrom,
  isApiError,
  parsedAnswer,
  payloadOfText,
  readPayload,
  send,
  type QueryValue,
} from './http.ts';

export { ApiError, isApiError, type QueryValue };

export const API_BASE = '/api/';

/** What a form shows when a call fails: the server's own text for a 4xx answer, else the generic message. */
export function refusalText(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.detail : commonMessages.generic;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads). */
  form?: FormData;
  query?: Record<string, QueryValue>;
  /** Contract schema of the answer; the parsed value is returned. */
  schema?: z.ZodType<T>;
  /**
   * Spec 01 §4: a 401 or 403 clears the session and sends the user to the root. Calls that expect those
   * answers as ordinary results (the sign-in call, public link pages) turn this off.
   */
  forceLogoutOnAuthError?: boolean;
  signal?: AbortSignal;
}

let leaving = false;

/** Clears the session and goes to the product root, which leads to /login. */
export function forceLogout(): void {
  clearSession({ silent: true });
  if (leaving) return;
  leaving = true;
  window.location.assign('/');
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function finish<T>(status: number, payload: unknown, options: RequestOptions<T>): T {
  if (status >= 200 && status < 300) return parsedAnswer(status, payload, options.schema);
  const error = errorFrom(status, payload);
  if ((status === 401 || status === 403) && options.forceLogoutOnAuthError !== false) forceLogout();
  throw error;
}

/** The one way the web talks to the API: bearer token, JSON in and out, ApiError on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await send(apiUrl(path, options.query), options, getToken());
  return finish(response.status, await readPayload(response), options);
}

/** Multipart upload with progress (0-100), for files. */
export function apiUpload<T = unknown>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  options: Omit<RequestOptions<T>, 'form' | 'body' | 'method'> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, options.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, commonMessages.generic, 'NETWORK_ERROR'));
    xhr.onload = () => {
      try {
        resolve(finish(xhr.status, payloadOfText(xhr.responseText), options));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.send(form);
  });
}
