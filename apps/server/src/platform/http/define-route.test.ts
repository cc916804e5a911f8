import { detailResponse, idParam, MODULE_FLAGS, type ModuleFlags } from '@lexdesk/contract';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { registerErrorHandling } from '../errors/error-handler.ts';
import { errorStatuses, route, type RouteApp } from './define-route.ts';

const CALLER: Actor = {
  userId: 7,
  organisationId: 3,
  role: 'admin',
  plan: 'Membership',
  modules: Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags,
  sessionId: 11,
};
const caseParams = z.object({ case_id: idParam });
const listQuery = z.object({ search: z.string().default('') });
const nameBody = z.object({ name: z.string().min(1) });
const row = z.object({ id: z.number(), name: z.string() });

describe('errorStatuses', () => {
  const base = { method: 'GET', url: '/api/x/' } as const;

  it('a public route without input can fail in no declared way', () => {
    expect(errorStatuses({ ...base, access: 'public' })).toEqual([]);
  });

  it('400 for params, query, a body or a multipart body', () => {
    expect(errorStatuses({ ...base, access: 'public', query: listQuery })).toEqual([400]);
    expect(errorStatuses({ ...base, access: 'public', body: nameBody })).toEqual([400]);
    expect(errorStatuses({ ...base, access: 'public', consumes: ['multipart/form-data'] })).toEqual([400]);
  });

  it("401 unless public, 403 only for a permission (not 'authenticated')", () => {
    expect(errorStatuses({ ...base, access: 'authenticated' })).toEqual([401]);
    expect(errorStatuses({ ...base, access: 'case.cases.read' })).toEqual([401, 403]);
  });

  it('404 with route parameters, or when declared for an id in the query or body', () => {
    expect(errorStatuses({ ...base, access: 'case.cases.read', params: caseParams })).toEqual([400, 401, 403, 404]);
    expect(errorStatuses({ ...base, access: 'authenticated', body: nameBody, notFound: true })).toEqual([
      400, 401, 404,
    ]);
  });

  it('adds the declared extra statuses in order, and refuses one that is derived anyway', () => {
    expect(errorStatuses({ ...base, access: 'public', body: nameBody, errors: [429, 401, 403] })).toEqual([
      400, 401, 403, 429,
    ]);
    expect(() => errorStatuses({ ...base, access: 'authenticated', errors: [401] })).toThrow(/401 is derived/);
  });
});

describe('route', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A bare app: the zod compilers, the error handler, and a stand-in for the access hook that makes CALLER the actor. */
  async function appWith(declare: (app: RouteApp) => void) {
    const instance = Fastify();
    app = instance;
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(instance);
    instance.decorateRequest('actor', null);
    const schemas = new Map<string, { schema: FastifySchema; config: unknown }>();
    instance.addHook('onRoute', (r) => {
      schemas.set(`${String(r.method)} ${r.url}`, { schema: r.schema ?? {}, config: r.config });
      if ((r.config as { access?: string } | undefined)?.access === 'public') return;
      r.onRequest = [
        async (request) => {
          request.actor = CALLER;
        },
      ];
    });
    instance.register(async (scoped) => declare(scoped as unknown as RouteApp));
    await instance.ready();
    return { app: instance, schemas };
  }

  it('declares access, schemas and the derived error statuses', async () => {
    const { schemas } = await appWith((a) =>
      route(a, {
        method: 'PUT',
        url: '/api/case/:case_id/',
        access: 'case.cases.edit',
        tags: ['cases'],
        summary: 'Rename',
        params: caseParams,
        body: nameBody,
        reply: row,
        errors: [409],
        handler: ({ params, body }) => ({ id: params.case_id, name: body.name }),
      }),
    );
    const declared = schemas.get('PUT /api/case/:case_id/');
    expect(declared?.config).toMatchObject({ access: 'case.cases.edit' });
    expect(declared?.schema).toMatchObject({ tags: ['cases'], summary: 'Rename', params: caseParams, body: nameBody });
    expect(Object.keys(declared?.schema.response ?? {})).toEqual(['200', '400', '401', '403', '404', '409']);
  });

  it('passes a multipart body and more route config (a rate limit) through', async () => {
    const { schemas } = await appWith((a) =>
      route(a, {
        method: 'POST',
        url: '/api/upload/',
        access: 'public',
        tags: ['x'],
        summary: 'Upload',
        consumes: ['multipart/form-data'],
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        reply: row,
        created: true,
        errors: [413, 429],
        handler: () => ({ id: 1, name: 'file' }),
      }),
    );
    const declared = schemas.get('POST /api/upload/');
    expect(declared?.config).toMatchObject({ access: 'public', rateLimit: { max: 5 } });
    expect(declared?.schema.consumes).toEqual(['multipart/form-data']);
    expect(Object.keys(declared?.schema.response ?? {})).toEqual(['201', '400', '413', '429']);
  });

  it('hands the handler the actor and the parsed input; created answers 201 with the value', async () => {
    const { app } = await appWith((a) =>
      route(a, {
        method: 'POST',
        url: '/api/case/:case_id/things/',
        access: 'case.cases.create',
        tags: ['cases'],
        summary: 'Create',
        params: caseParams,
        query: listQuery,
        body: nameBody,
        reply: row,
        created: true,
        handler: ({ actor, params, query, body }) => {
          expectTypeOf(actor).toEqualTypeOf<Actor>();
          expectTypeOf(params.case_id).toEqualTypeOf<number>();
          expectTypeOf(query.search).toEqualTypeOf<string>();
          return { id: params.case_id * 100 + actor.userId, name: `${body.name}${query.search}` };
        },
      }),
    );
    const created = await app.inject({ method: 'POST', url: '/api/case/4/things/?search=!', payload: { name: 'A' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 407, name: 'A!' });
    const invalid = await app.inject({ method: 'POST', url: '/api/case/x/things/', payload: { name: 'A' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });

  it('a public route has no actor; a handler may send a file through reply itself', async () => {
    const { app } = await appWith((a) => {
      route(a, {
        method: 'GET',
        url: '/api/hello/',
        access: 'public',
        tags: ['x'],
        summary: 'Hello',
        reply: detailResponse,
        handler: ({ actor }) => {
          expectTypeOf(actor).toEqualTypeOf<null>();
          return { detail: actor === null ? 'anonymous' : 'signed in' };
        },
      });
      route(a, {
        method: 'GET',
        url: '/api/file/',
        access: 'authenticated',
        tags: ['x'],
        summary: 'A file',
        handler: ({ reply }) => reply.type('text/plain').header('content-disposition', 'attachment').send('bytes'),
      });
    });
    expect((await app.inject({ method: 'GET', url: '/api/hello/' })).json()).toEqual({ detail: 'anonymous' });
    const file = await app.inject({ method: 'GET', url: '/api/file/' });
    expect(file.headers['content-disposition']).toBe('attachment');
    expect(file.body).toBe('bytes');
  });
});
