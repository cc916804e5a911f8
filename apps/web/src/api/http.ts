import { commonMessages, type ErrorResponse } from '@lexdesk/contract';
import type { z } from 'zod';

/**
 * What both API clients share (the main app's api/client.ts and the knowledge application's kb/api.ts): the
 * error type, sending JSON or a form, reading the answer and checking it against the contract. No session here:
 * each client brings its own token and its own rules for a 401.
 */

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

export type QueryValue = string | number | boolean | null | undefined;

/** A call's method and body: JSON (`body`) or multipart (`form`, uploads). */
export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/** The ApiError of a failed answer: the server's detail, or the generic message. */
export function errorFrom(status: number, payload: unknown): ApiError {
  const body = (payload ?? {}) as Partial<ErrorResponse>;
  const detail = typeof body.detail === 'string' && body.detail ? body.detail : commonMessages.generic;
  const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`;
  return new ApiError(status, detail, code, body.fields);
}

/** The JSON of an answer, or null when it has none (or not JSON). */
export function payloadOfText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const readPayload = async (response: Response): Promise<unknown> => payloadOfText(await response.text());

/** A successful answer checked against the contract's schema (when given). */
export function parsedAnswer<T>(status: number, payload: unknown, schema: z.ZodType<T> | undefined): T {
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  console.error('Unexpected answer from the server', parsed.error.issues);
  throw new ApiError(status, commonMessages.generic, 'BAD_RESPONSE');
}

/** One fetch with the given token (if any); a network failure is an ApiError with status 0, an abort stays one. */
export async function send(url: string, options: SendOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(url, {
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
}
