import { commonMessages, type ErrorResponse } from '@lexdesk/contract';
import type { z } from 'zod';
import { clearSession, getToken } from '../app/session/storage.ts';

export const API_BASE = '/api/';

/** Every failed call: the server's {detail, code, fields?} with the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, detail: string, code: string, fields?: Record<string, string>) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What a form shows when a call fails: the server's own text for a 4xx answer, else the generic message. */
export function refusalText(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.detail : commonMessages.generic;
}

export type QueryValue = string | number | boolean | null | undefined;

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

function errorFrom(status: number, payload: unknown): ApiError {
  const body = (payload ?? {}) as Partial<ErrorResponse>;
  const detail = typeof body.detail === 'string' && body.detail ? body.detail : commonMessages.generic;
  const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`;
  return new ApiError(status, detail, code, body.fields);
}

function finish<T>(status: number, payload: unknown, options: RequestOptions<T>): T {
  if (status >= 200 && status < 300) {
    if (!options.schema) return payload as T;
    const parsed = options.schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    console.error('Unexpected answer from the server', parsed.error.issues);
    throw new ApiError(status, commonMessages.generic, 'BAD_RESPONSE');
  }
  const error = errorFrom(status, payload);
  if ((status === 401 || status === 403) && options.forceLogoutOnAuthError !== false) forceLogout();
  throw error;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The one way the web talks to the API: bearer token, JSON in and out, ApiError on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, commonMessages.generic, 'NETWORK_ERROR');
  }
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
    for (const [key, value] of Object.entries({ Accept: 'application/json', ...authHeaders() })) {
      xhr.setRequestHeader(key, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, commonMessages.generic, 'NETWORK_ERROR'));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        payload = null;
      }
      try {
        resolve(finish(xhr.status, payload, options));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.send(form);
  });
}
