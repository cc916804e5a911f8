import { can, ERROR_CODES, KNOWLEDGE_ROUTE_ACCESS, MODULE_FLAGS, sessionMessages } from '@lexdesk/contract';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  DEMO_PASSWORD,
  describeEachDatabase,
  multipartBody,
  STRONG_PASSWORD,
  type Harness,
} from '../../../test/harness.ts';
import { notificationsService } from '../../modules/notifications/notifications.service.ts';
import { MODULES } from '../../modules/registry.ts';
import type { AppContext } from '../context.ts';
import type { RouteAccessFixtures } from '../modules/module.ts';
import { registerAccess, type RouteAccessEntry } from './access.plugin.ts';

const NOT_FOUND = { detail: sessionMessages.notFound, code: ERROR_CODES.notFound };

/** Ids that belong to Demo Law LLP, by route parameter name. A new parameter needs a value here. */
async function demoParams(h: Harness): Promise<Record<string, number>> {
  const demoUser = await h.actorOf((await h.login(DEMO.user)).access);
  const notificationId = await notificationsService(h.ctx).notifyPasswordChanged(demoUser);
  return {
    user_id: h.ids.user,
    organisation_id: h.ids.demoOrg,
    notification_id: notificationId,
    ...Object.assign({}, ...(await Promise.all((await moduleFixtures).map((fixtures) => fixtures.params(h))))),
  };
}

/** Each module's fixtures, from the registry (a module with ids in its routes declares them). */
const moduleFixtures: Promise<RouteAccessFixtures[]> = Promise.all(
  MODULES.flatMap((module) => (module.routeAccessFixtures ? [module.routeAccessFixtures()] : [])),
);

/** Bodies that pass validation, so only ownership can stop the request. A new write route adds one. */
async function validBody(method: string, url: string) {
  for (const fixtures of await moduleFixtures) {
    const request = fixtures.request?.(method, url);
    if (request) return request;
  }
  if (method === 'PUT' && url === '/api/user/profile/:user_id/')
    return { body: { first_name: 'Eve', last_name: 'Intruder', phone: '' } };
  if (method === 'POST' && url === '/api/user/profile/:user_id/password/') {
    return {
      body: { current_password: DEMO_PASSWORD, new_password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    };
  }
  if (method === 'POST' && url === '/api/user/profile/:user_id/image/') {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    return multipartBody('file', 'a.png', 'image/png', png);
  }
  if (method === 'PUT' && url === '/api/user/:user_id/') {
    const modules = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true]));
    return { body: { first_name: 'Eve', last_name: 'Intruder', role: 'user', modules } };
  }
  if (method === 'PUT' && url === '/api/user/:user_id/active/') return { body: { is_active: false } };
  // Questionnaires (issue 5)
  if (method === 'PUT' && url === '/api/category/:category_id/') return { body: { name: 'Intruder category' } };
  if (method === 'PUT' && url === '/api/question/get/:questionnaire_id/') {
    return { body: { category: 1, form: [{ question_type: 'short', question_text: 'Q?', associated_tag: 't' }] } };
  }
  if (method === 'PUT' && url === '/api/concept/documents/update/:document_type_id/')
    return { body: { type_name: 'Intruder type' } };
  return {};
}

function fill(url: string, params: Record<string, number>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route-access.test.ts: add a Demo Law LLP value for :${name}`);
    return String(value);
  });
}

const routesOf = (h: Harness): RouteAccessEntry[] => h.app.routeAccess.filter((route) => route.method !== 'HEAD');
const protectedRoutesOf = (h: Harness) => routesOf(h).filter((route) => route.access !== 'public');

describeEachDatabase('every registered route', (h) => {
  it('lists who can reach what (review a change here as a change of access)', async () => {
    const lines = routesOf(h())
      .map((route) => `${route.method.padEnd(6)} ${route.url}  →  ${route.access}`)
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  it('answers 401 to every protected route without a token', async () => {
    const params = await demoParams(h());
    expect(protectedRoutesOf(h()).length).toBeGreaterThan(10);
    for (const route of protectedRoutesOf(h())) {
      const res = await h().request(
        route.method as 'GET',
        fill(route.url, params),
        await validBody(route.method, route.url),
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ detail: sessionMessages.unauthenticated, code: ERROR_CODES.unauthenticated });
    }
  });

  it('answers 401 to every protected route with a revoked or a made-up token', async () => {
    const params = await demoParams(h());
    const { access } = await h().login(DEMO.super);
    await h().request('POST', '/api/logout/', { token: access });
    for (const token of [access, 'made-up-token']) {
      for (const route of protectedRoutesOf(h())) {
        const res = await h().request(route.method as 'GET', fill(route.url, params), {
          token,
          ...(await validBody(route.method, route.url)),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().detail).toBe(sessionMessages.sessionExpired);
      }
    }
  });

  it("answers another organisation's ids exactly like missing ones (404), and permission routes 403", async () => {
    const params = await demoParams(h());
    const { access } = await h().login(DEMO.otherAdmin);
    const otherAdmin = await h().actorOf(access);
    const withIds = protectedRoutesOf(h()).filter((route) => route.url.includes(':'));
    expect(withIds.length).toBeGreaterThan(8);
    for (const route of protectedRoutesOf(h())) {
      if (route.access === 'authenticated' && !route.url.includes(':')) continue; // nothing foreign to name
      const res = await h().request(route.method as 'GET', fill(route.url, params), {
        token: access,
        ...(await validBody(route.method, route.url)),
      });
      // The knowledge API takes its own token or an API key, never a main session token (its own tests try
      // another organisation's ids with a knowledge token: modules/knowledge).
      if ((KNOWLEDGE_ROUTE_ACCESS as readonly string[]).includes(route.access)) {
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        continue;
      }
      // A permission the admin holds (their own organisation's users, plans) reaches the service, whose scope
      // answers a foreign id like a missing one; routes without an id only list the admin's own data.
      const held =
        route.access !== 'authenticated' &&
        route.access !== 'public' &&
        !(KNOWLEDGE_ROUTE_ACCESS as readonly string[]).includes(route.access) &&
        can(otherAdmin, route.access as Parameters<typeof can>[1]);
      if (held && !route.url.includes(':')) continue;
      if (route.access === 'authenticated' || held) {
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      } else {
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
    // The demo user's data is untouched.
    await h().login(DEMO.user);
  });
});

describe('route access declarations', () => {
  const ctx = {} as AppContext;

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    registerAccess(app, ctx, []);
    void app.register(async (child) => {
      child.get('/api/forgotten/', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten\/ must declare config.access/);
  });

  it('refuses an access that is not a permission of the contract', async () => {
    const app = Fastify();
    registerAccess(app, ctx, []);
    void app.register(async (child) => {
      child.get('/api/typo/', { config: { access: 'admin.outbx.read' as never } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/must declare config.access/);
  });
});
