import { commonMessages, ERROR_CODES } from '@lexdesk/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, describeEachDatabase, testConfig } from '../../../test/harness.ts';
import { buildApp, redactUrl } from '../../app.ts';
import { registerErrorHandling } from './error-handler.ts';

describeEachDatabase('error answers', (h) => {
  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await h().request('POST', '/api/login/', {
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.validation, detail: expect.any(String) });
  });

  it('answers an unsupported content type with 415 in the error shape', async () => {
    const res = await h().request('POST', '/api/login/', {
      payload: 'username=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ERROR_CODES.validation);
  });

  it('answers a body above BODY_LIMIT_BYTES with 413', async () => {
    const app = await h().extraApp({ BODY_LIMIT_BYTES: '200' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: 'a@b.com', password: 'x'.repeat(300) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: commonMessages.tooLarge, code: ERROR_CODES.tooLarge });
  });

  it('answers 429 past the coarse per-address limit of RATE_LIMIT_PER_MINUTE', async () => {
    const app = await h().extraApp({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i += 1)
      expect((await app.inject({ method: 'GET', url: '/api/app-config/' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/app-config/' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: commonMessages.tooManyRequests, code: ERROR_CODES.throttled });
    const elsewhere = await app.inject({ method: 'GET', url: '/api/app-config/', remoteAddress: '10.9.9.9' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps tokens, passwords and authorization headers out of the log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig(h().config.dataDir, { LOG_LEVEL: 'info' }),
      db: h().ctx.db,
      now: h().clock.now,
      logStream: { write: (line) => lines.push(line) },
    });
    const { access } = await h().login(DEMO.user);
    await app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: DEMO.user, password: 'Secret#Pass2026' },
    });
    await app.inject({ method: 'GET', url: `/api/user-detail/token/?token=${access}` });
    await app.inject({ method: 'GET', url: '/api/app-config/', headers: { authorization: `Bearer ${access}` } });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/user-detail/token/?token=[redacted]');
    expect(log).not.toContain(access);
    expect(log).not.toContain('Secret#Pass2026');
  });
});

describe('the error handler', () => {
  it('answers an unexpected error with 500 and no internals', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: commonMessages.generic, code: ERROR_CODES.internal });
  });

  it('redacts tokens anywhere in a URL', () => {
    expect(redactUrl('/api/user-detail/token/?token=abc&x=1')).toBe('/api/user-detail/token/?token=[redacted]&x=1');
    expect(redactUrl('/user/password/new/a@b.com/token=abc')).toBe('/user/password/new/a@b.com/token=[redacted]');
    expect(redactUrl('/register/admin/email=a@b.com&token=abc')).toBe('/register/admin/email=a@b.com&token=[redacted]');
  });
});
