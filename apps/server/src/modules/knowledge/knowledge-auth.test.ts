import {
  ERROR_CODES,
  KNOWLEDGE_LIMITS,
  knowledgeMessages as M,
  MODULE_FLAGS,
  sessionMessages,
  type KnowledgeMe,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { housekeeping } from '../../platform/housekeeping.ts';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { handoverCode, knowledgeSignIn, seedKnowledge, setKnowledge } from './knowledge-test-helpers.ts';

describeEachDatabase('knowledge hand-over and tokens', (h) => {
  beforeAll(async () => {
    await seedKnowledge(h());
  });
  const exchange = (code: string) => h().request('POST', '/api/knowledge/session/', { body: { code } });

  it('exchanges a one-time code for a knowledge token, once, and answers who is reading', async () => {
    const { access: main } = await h().login(DEMO.user);
    const res = await h().request('POST', '/api/knowledge-handover/', { token: main });
    expect(res.statusCode, res.body).toBe(201);
    const { code, expires_in } = res.json<{ code: string; expires_in: number }>();
    expect(expires_in).toBe(KNOWLEDGE_LIMITS.handoverSeconds);
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const first = await exchange(code);
    expect(first.statusCode, first.body).toBe(201);
    const session = first.json<{ knowledge_token: string; me: KnowledgeMe }>();
    expect(session.me).toMatchObject({
      user_id: h().ids.user,
      username: DEMO.user,
      organisation: 'Demo Law LLP',
      knowledge_role: 'reader',
      knowledge_data_permission: false,
      can_edit: false,
      can_manage_structure: false,
      can_manage_access: false,
    });
    expect(session.knowledge_token).not.toBe(main);
    // Only hashes are stored.
    const stored = await h().database.db.selectFrom('knowledge_sessions').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(session.knowledge_token);
    // Single use.
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: M.linkExpired });
    const me = await h().request('GET', '/api/knowledge/me/', { token: session.knowledge_token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<KnowledgeMe>().username).toBe(DEMO.user);
  });

  it('refuses an expired, unknown or empty code with the link-expired message', async () => {
    const { access: main } = await h().login(DEMO.admin);
    const code = await handoverCode(h(), main);
    h().clock.advance({ minutes: 3 });
    for (const body of [{ code }, { code: 'made-up' }, { code: '' }, {}]) {
      const res = await h().request('POST', '/api/knowledge/session/', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toBe(M.linkExpired);
    }
  });

  it('keeps the two APIs apart: a main token is no knowledge token, and the other way round', async () => {
    const { main, token } = await knowledgeSignIn(h(), DEMO.admin);
    const asMain = await h().request('GET', '/api/knowledge/tree/', { token: main });
    expect(asMain.statusCode).toBe(401);
    expect(asMain.json()).toEqual({ detail: sessionMessages.sessionExpired, code: ERROR_CODES.unauthenticated });
    const asKnowledge = await h().request('GET', `/api/user/${h().ids.admin}/`, { token });
    expect(asKnowledge.statusCode).toBe(401);
    const handover = await h().request('POST', '/api/knowledge-handover/', { token });
    expect(handover.statusCode).toBe(401);
    const none = await h().request('GET', '/api/knowledge/tree/');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: sessionMessages.unauthenticated, code: ERROR_CODES.unauthenticated });
    const key = await h().request('GET', '/api/knowledge/nodes-list/', { token });
    expect(key.statusCode).toBe(401);
  });

  it('ends the knowledge token with its main session, after 12 hours, and on DELETE session/', async () => {
    const one = await knowledgeSignIn(h(), DEMO.admin);
    expect((await h().request('GET', '/api/knowledge/tree/', { token: one.token })).statusCode).toBe(200);
    await h().request('POST', '/api/logout/', { token: one.main });
    expect((await h().request('GET', '/api/knowledge/tree/', { token: one.token })).statusCode).toBe(401);

    const two = await knowledgeSignIn(h(), DEMO.admin);
    const out = await h().request('DELETE', '/api/knowledge/session/', { token: two.token });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().detail).toBe(M.signedOut);
    expect((await h().request('GET', '/api/knowledge/tree/', { token: two.token })).statusCode).toBe(401);
    // The main session goes on.
    expect((await h().request('GET', `/api/user/${h().ids.admin}/`, { token: two.main })).statusCode).toBe(200);

    // A remembered main session outlives the knowledge token's 12 hours.
    const { access: main } = await h().login(DEMO.admin, undefined, { remember: true });
    const three = {
      main,
      token: (await exchange(await handoverCode(h(), main))).json<{ knowledge_token: string }>().knowledge_token,
    };
    for (let step = 0; step < 16; step += 1) {
      h().clock.advance({ minutes: 50 });
      // The main app's poll keeps the main session alive (idle logout is an hour).
      expect((await h().request('GET', `/api/user/${h().ids.admin}/`, { token: three.main })).statusCode).toBe(200);
    }
    const late = await h().request('GET', '/api/knowledge/tree/', { token: three.token });
    expect(late.statusCode).toBe(401);
  });

  it('refuses the hand-over without a knowledge role (not authorised) or without the licence', async () => {
    const person = await h().freshSession('user');
    const noRole = await h().request('POST', '/api/knowledge-handover/', { token: person.token });
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json().detail).toBe(M.notAuthorised);
    await setKnowledge(h(), person.id, 'reader', false);
    expect((await h().request('POST', '/api/knowledge-handover/', { token: person.token })).statusCode).toBe(201);

    const unlicensed = await h().createUser({
      role: 'user',
      modules: Object.fromEntries(MODULE_FLAGS.map((f) => [f, f !== 'knowledge_permission'])) as never,
    });
    await setKnowledge(h(), unlicensed.id, 'manager', true);
    const { access } = await h().login(unlicensed.email, unlicensed.password);
    const noLicence = await h().request('POST', '/api/knowledge-handover/', { token: access });
    expect(noLicence.statusCode).toBe(403);
    expect(noLicence.json().detail).toBe(M.noLicence);
    const lookup = await h().request('GET', '/api/knowledge-lookup/', { token: access, query: { term: 'cap' } });
    expect(lookup.statusCode).toBe(403);
    expect(lookup.json().detail).toBe(M.noLicence);
  });

  it('stops a live knowledge token when the role is taken away', async () => {
    const person = await h().freshSession('user');
    await setKnowledge(h(), person.id, 'reader', false);
    const code = await handoverCode(h(), person.token);
    const { knowledge_token } = (await exchange(code)).json<{ knowledge_token: string }>();
    expect((await h().request('GET', '/api/knowledge/tree/', { token: knowledge_token })).statusCode).toBe(200);
    await setKnowledge(h(), person.id, null, false);
    const res = await h().request('GET', '/api/knowledge/tree/', { token: knowledge_token });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(M.notAuthorised);
  });

  it('lists every knowledge call in the OpenAPI document with its own credentials', async () => {
    const doc = await h().request('GET', '/api/docs/json');
    expect(doc.statusCode).toBe(200);
    type Operation = { security?: Record<string, unknown>[]; responses: Record<string, unknown> };
    const paths = doc.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const calls: [string, string, string | null][] = [
      ['post', '/api/knowledge-handover/', 'bearerAuth'],
      ['get', '/api/knowledge-lookup/', 'bearerAuth'],
      ['post', '/api/knowledge/session/', null],
      ['delete', '/api/knowledge/session/', 'knowledgeBearer'],
      ['get', '/api/knowledge/me/', 'knowledgeBearer'],
      ['get', '/api/knowledge/tree/', 'knowledgeBearer'],
      ['get', '/api/knowledge/search/', 'knowledgeBearer'],
      ['post', '/api/knowledge/nodes/', 'knowledgeBearer'],
      ['get', '/api/knowledge/nodes/{node_id}/', 'knowledgeBearer'],
      ['put', '/api/knowledge/nodes/{node_id}/', 'knowledgeBearer'],
      ['delete', '/api/knowledge/nodes/{node_id}/', 'knowledgeBearer'],
      ['get', '/api/knowledge/nodes/{node_id}/revisions/', 'knowledgeBearer'],
      ['get', '/api/knowledge/nodes/{node_id}/revisions/{revision}/', 'knowledgeBearer'],
      ['post', '/api/knowledge/nodes/{node_id}/revisions/{revision}/restore/', 'knowledgeBearer'],
      ['get', '/api/knowledge/nodes/{node_id}/export/', 'knowledgeBearer'],
      ['post', '/api/knowledge/nodes/{node_id}/attachments/', 'knowledgeBearer'],
      ['get', '/api/knowledge/attachments/{knowledge_attachment_id}/download/', 'knowledgeBearer'],
      ['delete', '/api/knowledge/attachments/{knowledge_attachment_id}/', 'knowledgeBearer'],
      ['get', '/api/knowledge/access/organisations/', 'knowledgeBearer'],
      ['get', '/api/knowledge/access/rules/', 'knowledgeBearer'],
      ['put', '/api/knowledge/access/rules/', 'knowledgeBearer'],
      ['get', '/api/knowledge/access/users/', 'knowledgeBearer'],
      ['get', '/api/knowledge/access/effective/', 'knowledgeBearer'],
      ['get', '/api/knowledge/api-keys/', 'knowledgeBearer'],
      ['post', '/api/knowledge/api-keys/', 'knowledgeBearer'],
      ['delete', '/api/knowledge/api-keys/{api_key_id}/', 'knowledgeBearer'],
      ['get', '/api/knowledge/nodes-list/', 'knowledgeApiKey'],
      ['get', '/api/knowledge/domain/data/{user_id}/', 'knowledgeApiKey'],
    ];
    for (const [method, path, scheme] of calls) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation?.security, `${method} ${path}`).toEqual(scheme ? [{ [scheme]: [] }] : []);
      if (scheme) expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toContain('401');
    }
    const registered = h()
      .app.routeAccess.filter((r) => r.url.includes('knowledge') && r.method !== 'HEAD')
      .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:([a-z_]+)/g, '{$1}')}`);
    expect(registered.sort()).toEqual(calls.map(([m, p]) => `${m} ${p}`).sort());
  });

  it('sweeps spent and expired codes and ended knowledge sessions hourly', async () => {
    const { main, token } = await knowledgeSignIn(h(), DEMO.admin);
    await handoverCode(h(), main); // left unused
    const count = async () => ({
      codes: (await h().database.db.selectFrom('knowledge_handover_codes').select('id').execute()).length,
      sessions: (await h().database.db.selectFrom('knowledge_sessions').select('id').execute()).length,
    });
    expect((await count()).codes).toBeGreaterThan(0);
    await h().request('DELETE', '/api/knowledge/session/', { token });
    h().clock.advance({ hours: 13 });
    await housekeeping(h().ctx);
    expect(await count()).toEqual({ codes: 0, sessions: 0 });
  });
});
