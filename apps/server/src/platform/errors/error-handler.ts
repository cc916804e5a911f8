import { commonMessages, ERROR_CODES, sessionMessages, type ErrorResponse } from '@lexdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.validation,
  429: ERROR_CODES.throttled,
};

const INTERNAL: ErrorResponse = { detail: commonMessages.generic, code: ERROR_CODES.internal };

/** Zod issues → the first message as detail, and the first message of each field. */
function validationBody(
  error: { validation: { instancePath: string; message?: string }[] },
  context: string | undefined,
) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
    fields[key] ??= issue.message ?? commonMessages.invalidInput;
  }
  const detail = error.validation[0]?.message ?? commonMessages.invalidInput;
  return { detail, code: ERROR_CODES.validation, fields };
}

/** One error handler and one 404 for the whole API: every error is `{detail, code, fields?}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error, error.validationContext));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ detail: commonMessages.tooLarge, code: ERROR_CODES.tooLarge });
    }
    if (status === 429) {
      return reply.status(429).send({ detail: commonMessages.tooManyRequests, code: ERROR_CODES.throttled });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): a readable message, no internals.
      return reply
        .status(status)
        .send({ detail: error.message, code: CODE_BY_STATUS[status] ?? ERROR_CODES.validation });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(INTERNAL);
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send({ detail: sessionMessages.notFound, code: ERROR_CODES.notFound });
  });
}
