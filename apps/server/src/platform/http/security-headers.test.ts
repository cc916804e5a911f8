import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, registerSecurityHeaders } from './security-headers.ts';

/** The headers of one answer, without those that differ between two servers or two moments. */
async function headersOf(register: (app: FastifyInstance) => void, status: number) {
  const app = Fastify({ logger: false });
  register(app);
  app.get('/', async (_request, reply) => reply.status(status).send({ ok: status < 400 }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const { date: _date, ...rest } = res.headers;
  return rest;
}

// The headers are computed once at start; they must be exactly those helmet's middleware sets per request.
describe('security headers', () => {
  for (const https of [false, true]) {
    it(`are helmet's, on successes and errors (https: ${https})`, async () => {
      const middleware = helmet({
        contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
        strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        crossOriginEmbedderPolicy: false,
        xFrameOptions: { action: 'deny' },
      });
      const perRequest = (app: FastifyInstance) =>
        app.addHook('onRequest', (request, reply, done) => middleware(request.raw, reply.raw, () => done()));
      for (const status of [200, 403]) {
        const ours = await headersOf((app) => registerSecurityHeaders(app, { https }), status);
        expect(ours).toEqual(await headersOf(perRequest, status));
        expect(ours['x-frame-options']).toBe('DENY');
        expect(ours['strict-transport-security'] !== undefined).toBe(https);
      }
    });
  }
});
