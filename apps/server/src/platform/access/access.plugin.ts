import {
  can,
  KNOWLEDGE_ROUTE_ACCESS,
  PERMISSIONS,
  sessionMessages,
  type KnowledgeRouteAccess,
  type RouteAccess,
} from '@lexdesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden, unauthenticated } from '../errors/http-error.ts';
import type { Actor } from './actor.ts';
import { bearerToken, resolveActor } from './access.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every route declares it; the app does not start otherwise. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The organisation of a service call's API key (routes with access 'knowledge_api_key'). */
    serviceOrganisationId: number | null;
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/** The OpenAPI UI's own routes (registered by @fastify/swagger-ui) are public documentation. */
export const DOCS_PREFIX = '/api/docs';

function isModuleScheme(value: unknown): value is KnowledgeRouteAccess {
  return (KNOWLEDGE_ROUTE_ACCESS as readonly unknown[]).includes(value);
}

function isRouteAccess(value: unknown): value is RouteAccess {
  return (
    value === 'public' ||
    value === 'authenticated' ||
    isModuleScheme(value) ||
    (typeof value === 'string' && Object.hasOwn(PERMISSIONS, value))
  );
}

/** OpenAPI security of a route by its access (the knowledge API has its own token and the service key). */
function securityOf(access: RouteAccess) {
  if (access === 'public') return [];
  if (access === 'knowledge_token') return [{ knowledgeBearer: [] }];
  if (access === 'knowledge_api_key') return [{ knowledgeApiKey: [] }];
  return [{ bearerAuth: [] }];
}

/**
 * Access control in one place: refuses a route without `config.access` (the app fails to start),
 * lists every route with its access in `table`, and checks each request: bearer token → Actor or 401,
 * then the permission with the contract's `can()` → 403. Ownership checks stay in the services.
 */
export function registerAccess(app: FastifyInstance, ctx: AppContext, table: RouteAccessEntry[]): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('serviceOrganisationId', null);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: unknown };
    if (config.access === undefined && route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...route.config, access: 'public' };
    } else if (!isRouteAccess(config.access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.access (a permission, 'public' or 'authenticated')`,
      );
    }
    const access = (route.config as { access: RouteAccess }).access;
    for (const method of [route.method].flat()) table.push({ method: String(method), url: route.url, access });
    // OpenAPI: say which routes need the bearer token.
    if (!route.url.startsWith(DOCS_PREFIX)) {
      route.schema = { ...route.schema, security: securityOf(access) };
    }
    // The check is the route's own hook: a public route has none to run, the others know their access.
    if (isModuleScheme(access)) {
      route.onRequest = [...[route.onRequest ?? []].flat(), moduleSchemeCheck(ctx, access, route.url)];
    } else if (access !== 'public') {
      route.onRequest = [...[route.onRequest ?? []].flat(), accessCheck(ctx, access)];
    }
  });
}

/**
 * A module's own credentials (the knowledge token, a service API key): the module that declares the scheme
 * (`accessSchemes` in its declaration) checks them, or answers 401; a route naming a scheme no module
 * declares stops the app, so such a route is never open.
 */
function moduleSchemeCheck(ctx: AppContext, access: KnowledgeRouteAccess, url: string) {
  const scheme = (ctx.modules ?? []).find((module) => module.accessSchemes?.[access])?.accessSchemes?.[access];
  if (!scheme) throw new Error(`Route ${url}: no module declares the access scheme '${access}'`);
  return async (request: FastifyRequest): Promise<void> => {
    await scheme(ctx, request);
    if (access === 'knowledge_token' && !request.actor) throw unauthenticated();
    if (access === 'knowledge_api_key' && request.serviceOrganisationId === null) throw unauthenticated();
  };
}

/** bearer token → Actor or 401, then the permission with the contract's `can()` → 403. */
function accessCheck(ctx: AppContext, access: Exclude<RouteAccess, 'public' | KnowledgeRouteAccess>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthenticated();
    const actor = await resolveActor(ctx, token);
    if (!actor) throw unauthenticated(sessionMessages.sessionExpired);
    if (access !== 'authenticated' && !can(actor, access)) throw forbidden();
    request.actor = actor;
  };
}

/** The request's Actor; only on routes that are not public (the onRequest hook has resolved it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
