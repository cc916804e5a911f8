import { ERROR_CODES } from '@lexdesk/contract';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { WEB_NOT_BUILT } from './web.routes.ts';

describeEachDatabase('the built SPA, /version.json and unknown paths', (h) => {
  const builtApp = async (withVersion: boolean) => {
    const dist = path.join(h().config.dataDir, withVersion ? 'dist-v' : 'dist-plain');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'kb.html'), '<!doctype html><div id="root" data-app="kb"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (withVersion) writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ hash: 'abc123' }));
    return h().extraApp({ WEB_DIST_DIR: dist });
  };

  it('answers the build hash, or dev without one', async () => {
    const built = await builtApp(true);
    const res = await built.inject({ method: 'GET', url: '/version.json?t=1700000000' });
    expect(res.json()).toEqual({ hash: 'abc123' });
    expect(res.headers['cache-control']).toBe('no-store');
    const plain = await builtApp(false);
    expect((await plain.inject({ method: 'GET', url: '/version.json' })).json()).toEqual({ hash: 'dev' });
  });

  it('serves files, caches hashed assets for good, and answers index.html for client routes', async () => {
    const app = await builtApp(true);
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of [
      '/',
      '/login',
      '/user/password/new/a@b.com/token=abc',
      '/register/admin/email=a@b.com&token=x',
    ]) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('answers kb.html for the knowledge application at /kb and /kb/*, and index.html elsewhere', async () => {
    const app = await builtApp(true);
    for (const url of ['/kb', '/kb/', '/kb/node/12', '/kb/search?q=notice']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('data-app="kb"');
    }
    // Only the /kb path itself: a main-app route that merely starts with the letters is the main app's.
    for (const url of ['/kbase', '/knowledge']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.body, url).not.toContain('data-app="kb"');
    }
  });

  it('never serves a file outside the build folder', async () => {
    const app = await builtApp(true);
    for (const url of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fversion.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('"name"');
    }
  });

  it('sends the security headers of DESIGN §9 with the page', async () => {
    const app = await builtApp(true);
    const page = await app.inject({ method: 'GET', url: '/login' });
    const csp = page.headers['content-security-policy'] ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends them with error answers too', async () => {
    for (const res of [
      await h().request('POST', '/api/nothing/'),
      await h().request('GET', `/api/user/${h().ids.user}/`),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('sends HSTS behind TLS', async () => {
    const app = await h().extraApp({ PUBLIC_URL: 'https://lexdesk.firm.example' });
    const res = await app.inject({ method: 'GET', url: '/api/app-config/' });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('answers JSON 404 for unknown API paths, any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await h().request(method, '/api/no-such-thing/');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: ERROR_CODES.notFound });
    }
  });

  it('says the web app is not built when its folder is missing', async () => {
    const res = await h().request('GET', '/login');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: WEB_NOT_BUILT, code: ERROR_CODES.notFound });
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const ui = await h().request('GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    const doc = await h().request('GET', '/api/docs/json');
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/login/',
        '/api/user/{user_id}/',
        '/api/notification/{notification_id}/',
        '/api/admin/links/',
      ]),
    );
    expect(doc.json().paths['/api/login/'].post.security).toEqual([]);
    expect(doc.json().paths['/api/user/{user_id}/'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
