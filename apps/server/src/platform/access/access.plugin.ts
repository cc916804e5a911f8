import { can, PERMISSIONS, sessionMessages, type RouteAccess } from '@lexdesk/contract';
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
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/** The OpenAPI UI's own routes (registered by @fastify/swagger-ui) are public documentation. */
export const DOCS_PREFIX = '/api/docs';

function isRouteAccess(value: unknown): value is RouteAccess {
  return (
    value === 'public' || value === 'authenticated' || (typeof value === 'string' && Object.hasOwn(PERMISSIONS, value))
  );
}

/**
 * Access control in one place: refuses a route without `config.access` (the app fails to start),
 * lists every route with its access in `table`, and checks each request: bearer token → Actor or 401,
 * then the permission with the contract's `can()` → 403. Ownership checks stay in the services.
 */
export function registerAccess(app: FastifyInstance, ctx: AppContext, table: RouteAccessEntry[]): void {
  app.decorateRequest('actor', null);

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
      route.schema = { ...route.schema, security: access === 'public' ? [] : [{ bearerAuth: [] }] };
    }
    // The check is the route's own hook: a public route has none to run, the others know their access.
    if (access !== 'public') route.onRequest = [...[route.onRequest ?? []].flat(), accessCheck(ctx, access)];
  });
}

/** bearer token → Actor or 401, then the permission with the contract's `can()` → 403. */
function accessCheck(ctx: AppContext, access: Exclude<RouteAccess, 'public'>) {
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
