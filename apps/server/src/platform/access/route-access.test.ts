import { can, KNOWLEDGE_ROUTE_ACCESS, sessionMessages, ERROR_CODES } from '@lexdesk/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { demoParams, fill, NOT_FOUND, protectedRoutesOf, routesOf, validBody } from '../../../test/route-walk.ts';
import type { AppContext } from '../context.ts';
import { registerAccess } from './access.plugin.ts';

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
