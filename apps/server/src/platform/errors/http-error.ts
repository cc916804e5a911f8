import { ERROR_CODES, passwordMessages, sessionMessages, type ErrorResponse } from '@lexdesk/contract';

/** An error a route answers as `{detail, code, fields?}` with its status (DESIGN §3). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(statusCode: number, code: string, detail: string, fields?: Record<string, string>) {
    super(detail);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }

  get body(): ErrorResponse {
    return this.fields
      ? { detail: this.message, code: this.code, fields: this.fields }
      : { detail: this.message, code: this.code };
  }
}

export const badRequest = (detail: string, fields?: Record<string, string>) =>
  new HttpError(400, ERROR_CODES.validation, detail, fields);
export const unauthenticated = (
  detail: string = sessionMessages.unauthenticated,
  code: string = ERROR_CODES.unauthenticated,
) => new HttpError(401, code, detail);
export const forbidden = (detail: string = sessionMessages.forbidden) =>
  new HttpError(403, ERROR_CODES.forbidden, detail);
/** Missing and not-yours look the same, so ids of other organisations are never revealed. */
export const notFound = (detail: string = sessionMessages.notFound) => new HttpError(404, ERROR_CODES.notFound, detail);
export const conflict = (detail: string, fields?: Record<string, string>) =>
  new HttpError(409, ERROR_CODES.conflict, detail, fields);
export const tooLarge = (detail: string) => new HttpError(413, ERROR_CODES.tooLarge, detail);
export const throttled = (detail: string) => new HttpError(429, ERROR_CODES.throttled, detail);
export const linkExpired = () => new HttpError(400, ERROR_CODES.linkExpired, passwordMessages.linkExpired);
