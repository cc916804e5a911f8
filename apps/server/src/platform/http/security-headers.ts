import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The CSP of DESIGN §9 that the SPA and the OpenAPI UI both pass (no inline scripts). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI/emotion inject <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** The headers helmet sets for `options`, computed once (every directive is constant: no nonces). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}

/**
 * helmet's headers (CSP, nosniff, frame DENY, HSTS only behind TLS) on every answer, errors included.
 * They are computed once at start: helmet's middleware rebuilds the CSP string on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
