import { KNOWLEDGE_ROUTE_ACCESS } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { demoParams, fill, NOT_FOUND, protectedRoutesOf, validBody } from '../../../test/route-walk.ts';

/**
 * The provider's staff administer organisations and their accounts, never a firm's content (docs/security.md,
 * "What the provider can see"). These are the routes where the super user may name another organisation's ids:
 * its organisation record and its users (account data). Every other route that takes an id answers a firm's id
 * exactly like a missing one. A new module's route is covered without a line here; adding one to this list is a
 * decision that the provider may read or change that record of every firm.
 */
const INSTALLATION_ROUTES_WITH_IDS = new Set([
  'GET /api/user/:user_id/',
  'GET /api/user/profile/:user_id/',
  'GET /api/user/:user_id/manage/',
  'GET /api/user/:user_id/history/',
  'GET /api/organisation/:organisation_id/history/',
  'PUT /api/user/:user_id/',
  'PUT /api/user/:user_id/active/',
  'DELETE /api/user/:user_id/',
  'GET /api/organisation/:organisation_id/',
  'PUT /api/organisation/:organisation_id/',
  'DELETE /api/organisation/:organisation_id/',
]);

describeEachDatabase('the provider reads no firm content', (h) => {
  it("lists none of a firm's content to a super user of another organisation, whatever organisation it names", async () => {
    await demoParams(h()); // each module's fixtures write Demo Law LLP records titled 'Route access …'
    const canary = /Route access|Access article|Access class/;
    const provider = await h().freshSession('super', h().ids.otherOrg);
    const lists = protectedRoutesOf(h()).filter(
      (route) =>
        route.method === 'GET' &&
        !route.url.includes(':') &&
        !(KNOWLEDGE_ROUTE_ACCESS as readonly string[]).includes(route.access),
    );
    expect(lists.length).toBeGreaterThan(50);
    const named = { org_id: h().ids.demoOrg, organisation_id: h().ids.demoOrg, organisation: h().ids.demoOrg };
    const shown: string[] = [];
    for (const route of lists) {
      for (const query of [undefined, named]) {
        const res = await h().request('GET', route.url, { token: provider.token, ...(query ? { query } : {}) });
        if (canary.test(res.body))
          shown.push(`${route.url} ${query ? 'naming Demo Law LLP' : ''}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(shown).toEqual([]);
  });

  // Last: it deactivates the demo user on the way (an account action the provider may take).
  it("answers a firm's ids like missing ones to a super user of another organisation, but for account data", async () => {
    const params = await demoParams(h());
    // The provider's organisation is not the firm's: a super user of Other Firm looks at Demo Law LLP's records.
    const provider = await h().freshSession('super', h().ids.otherOrg);
    const reached: string[] = [];
    const leaked: string[] = [];
    const routes = protectedRoutesOf(h()).filter(
      (route) =>
        route.url.includes(':') &&
        !(KNOWLEDGE_ROUTE_ACCESS as readonly string[]).includes(route.access) &&
        // Deleting the firm's users or the firm itself would end the walk early; their access is shown below.
        route.method !== 'DELETE',
    );
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const res = await h().request(route.method as 'GET', fill(route.url, params), {
        token: provider.token,
        ...(await validBody(route.method, route.url)),
      });
      if (INSTALLATION_ROUTES_WITH_IDS.has(key)) {
        if (res.statusCode !== 404) reached.push(key); // reached the service (200, or 400 on its own checks)
        continue;
      }
      if (res.statusCode === 403) continue; // a module or permission the super user does not hold
      if (res.statusCode !== 404 || JSON.stringify(res.json()) !== JSON.stringify(NOT_FOUND))
        leaked.push(`${key} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
    expect(leaked).toEqual([]);
    // The list above is what it reaches: account data it administers, nothing else.
    expect(reached.sort()).toEqual([...INSTALLATION_ROUTES_WITH_IDS].filter((key) => !key.startsWith('DELETE')).sort());
  });
});
