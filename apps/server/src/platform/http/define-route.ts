import { errorResponse, type RouteAccess } from '@lexdesk/contract';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../access/access.plugin.ts';
import type { Actor } from '../access/actor.ts';

/** The `app` a module's routes plugin receives (Fastify with the zod type provider). */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Error statuses a route lists by hand: the ones its rules answer beyond those derived from its declaration
 * (`errorStatuses`), e.g. 409 for a duplicate name, 413 for an upload, 429 for a throttled call, 401/403 on a
 * public sign-in step.
 */
export type ExtraErrorStatus = 401 | 403 | 404 | 409 | 413 | 429;

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** What a handler is given: the caller and the validated input, plus the raw request and reply for files. */
export interface RouteInput<A extends RouteAccess, P, Q, B> {
  /** The caller; `null` on a public route, where no token is read, and on a service call (an API key). */
  actor: A extends 'public' | 'knowledge_api_key' ? null : Actor;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** For what the schemas do not cover: multipart parts, the client's address. */
  request: FastifyRequest;
  /** For answers that are not the reply schema's JSON: files, headers. Return what `reply.send()` gives. */
  reply: FastifyReply;
  /** Aborted when the client goes away before its answer: hand it to shared queues (`userWork`). */
  signal: AbortSignal;
}

/** A signal aborted when the connection closes before the answer has been sent (the client went away). */
function clientSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  if (reply.raw.destroyed || request.raw.socket?.destroyed) controller.abort();
  else reply.raw.once('close', () => reply.raw.writableFinished || controller.abort());
  return controller.signal;
}

/** A route answers its reply schema's value, or sends something else itself and returns the reply. */
type HandlerResult<R> = R extends Schema ? z.output<R> | FastifyReply : FastifyReply;

export interface RouteSpec<
  A extends RouteAccess,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Who may call it: a permission of the contract, 'authenticated' or 'public' (platform/access). */
  access: A;
  tags: readonly string[];
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer's schema (200, or 201 with `created`); leave it out for a file sent through `reply`. */
  reply?: R;
  /** Answers 201 with the handler's value. */
  created?: boolean;
  /** The route can answer 404 without route parameters (an id in the query or the body). */
  notFound?: boolean;
  /** Error statuses besides the derived ones (see `errorStatuses`). */
  errors?: readonly ExtraErrorStatus[];
  /** Request media types, e.g. `['multipart/form-data']` (a multipart body counts as input: 400). */
  consumes?: readonly string[];
  /** Answer media types of a file route (OpenAPI). */
  produces?: readonly string[];
  /** More route config (e.g. `rateLimit`); `access` is set from the declaration. */
  config?: Omit<FastifyContextConfig, 'access'>;
  bodyLimit?: number;
  handler: (input: RouteInput<A, P, Q, B>) => HandlerResult<R> | Promise<HandlerResult<R>>;
}

type StatusSource = Pick<
  RouteSpec<RouteAccess, Schema | undefined, Schema | undefined, Schema | undefined, Schema | undefined>,
  'access' | 'params' | 'query' | 'body' | 'consumes' | 'notFound' | 'errors' | 'method' | 'url'
>;

/**
 * The error statuses a route can answer, derived from its declaration: 400 when it takes input (params, query,
 * body or a multipart body), 401 unless it is public, 403 when it needs a permission, 404 when it has route
 * parameters (or `notFound`), then the declared `errors`. Listing a derived status in `errors` is refused,
 * so the declarations stay short.
 */
export function errorStatuses(spec: StatusSource): number[] {
  const derived = new Set<number>();
  if (spec.params || spec.query || spec.body || spec.consumes) derived.add(400);
  if (spec.access !== 'public') derived.add(401);
  if (spec.access !== 'public' && spec.access !== 'authenticated') derived.add(403);
  if (spec.params || spec.notFound) derived.add(404);
  for (const status of spec.errors ?? []) {
    if (derived.has(status)) {
      throw new Error(`Route ${spec.method} ${spec.url}: error ${status} is derived from the declaration, drop it`);
    }
  }
  return [...derived, ...(spec.errors ?? [])].sort((a, b) => a - b);
}

/**
 * Declares one route: access, OpenAPI schemas with their error statuses, the caller and the validated input
 * for the handler, and 201 for `created`. Everything a routes file would otherwise repeat for each route.
 */
export function route<
  A extends RouteAccess,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(app: RouteApp, spec: RouteSpec<A, P, Q, B, R>): void {
  const response: Record<number, Schema> = {};
  if (spec.reply) response[spec.created ? 201 : 200] = spec.reply;
  for (const status of errorStatuses(spec)) response[status] = errorResponse;
  const isPublic = spec.access === 'public' || spec.access === 'knowledge_api_key';
  const created = spec.created === true;

  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    config: { ...spec.config, access: spec.access },
    schema: {
      tags: spec.tags,
      summary: spec.summary,
      ...(spec.consumes && { consumes: spec.consumes }),
      ...(spec.params && { params: spec.params }),
      ...(spec.query && { querystring: spec.query }),
      ...(spec.body && { body: spec.body }),
      response,
      ...(spec.produces && { produces: spec.produces }),
    },
    handler: async (request, reply) => {
      let signal: AbortSignal | undefined;
      const input = {
        actor: isPublic ? null : actorOf(request),
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        // Made when a handler asks for it: most routes queue nothing.
        get signal() {
          return (signal ??= clientSignal(request, reply));
        },
      } as RouteInput<A, P, Q, B>;
      const result: unknown = await spec.handler(input);
      return created && result !== reply ? reply.code(201).send(result) : result;
    },
  });
}
