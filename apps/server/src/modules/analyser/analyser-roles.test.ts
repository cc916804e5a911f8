import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { analyserParams, analyserRequest } from './route-access-fixtures.ts';

/** Spec 03 §6: a plain user reads (the row's description) but never builds, edits, amends or deletes. */
describeEachDatabase('analyser roles', (h) => {
  it('answers 403 to a plain user on every write of the analyser, and nothing changes', async () => {
    const params = await analyserParams(h());
    const { access } = await h().login(DEMO.user);
    const writes = h().app.routeAccess.filter(
      (route) => route.access === 'analyser.concepts.write' || route.access === 'analyser.feedback.delete',
    );
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => String(params[name]));
      const res = await h().request(route.method as 'POST', url, {
        token: access,
        ...(analyserRequest(route.method, route.url) ?? {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    const { access: admin } = await h().login(DEMO.admin);
    const clauses = await h().request('GET', `/api/concept-list/clause/${params.concept_id}/`, { token: admin });
    expect(clauses.json().clauses).toHaveLength(1);
  });

  it('puts every call of the analyser, its pickers and document types in OpenAPI', async () => {
    const doc = (await h().request('GET', '/api/docs/json')).json<{ paths: Record<string, object> }>();
    const analyser = h().app.routeAccess.filter(
      (route) => route.access.startsWith('analyser.') && route.method !== 'HEAD',
    );
    for (const route of analyser) {
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[path], path).toHaveProperty(route.method.toLowerCase());
    }
    for (const path of [
      '/api/get-org/',
      '/api/concept/documents/',
      '/api/concept/documents/delete/{document_type_id}/',
    ])
      expect(doc.paths).toHaveProperty([path]);
  });
});
