import fastifyStatic from '@fastify/static';
import { ERROR_CODES, sessionMessages, versionResponse, type VersionResponse } from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors/http-error.ts';

const DEV_VERSION: VersionResponse = { hash: 'dev' };
/** How long an answer of /version.json is reused: a new build shows within a second, without a file read per poll. */
const VERSION_REUSE_MS = 1_000;
export const WEB_NOT_BUILT = 'The web app is not built yet: run `npm run build`, then restart the server.';

/** The file under `root` that `urlPath` names, or null (no traversal out of root, files only). */
async function fileUnder(root: string, urlPath: string): Promise<string | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (!relative || relative.includes('\0')) return null;
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(root + path.sep)) return null;
  const info = await stat(absolute).catch(() => null);
  return info?.isFile() ? path.relative(root, absolute) : null;
}

/** The knowledge application's own page (docs/knowledge.md): a second entry of the build, at /kb and /kb/*. */
export const KNOWLEDGE_PAGE = 'kb.html';
const isKnowledgePath = (urlPath: string) => urlPath === '/kb' || urlPath.startsWith('/kb/');

/**
 * The built SPA: files of WEB_DIST_DIR, hashed assets cached for a year, and index.html for every
 * other GET outside /api (client-side routes), kb.html for the knowledge application's routes (/kb, /kb/*).
 * `GET /version.json` answers the build's hash.
 */
export const webRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const root = ctx.config.webDistDir;
  const built = existsSync(path.join(root, 'index.html'));
  let version: { value: VersionResponse; readAt: number } | null = null;
  const readVersion = async (): Promise<VersionResponse> => {
    try {
      const parsed = versionResponse.safeParse(JSON.parse(await readFile(path.join(root, 'version.json'), 'utf8')));
      return parsed.success ? parsed.data : DEV_VERSION;
    } catch {
      return DEV_VERSION;
    }
  };
  if (built) await app.register(fastifyStatic, { root, serve: false });

  app.get(
    '/version.json',
    {
      config: { access: 'public' },
      schema: { tags: ['web'], summary: 'Hash of the running web build', response: { 200: versionResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = Date.now();
      if (!version || now - version.readAt >= VERSION_REUSE_MS) version = { value: await readVersion(), readAt: now };
      return version.value;
    },
  );

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/')) throw notFound();
    if (!built) {
      return reply.status(404).send({ detail: WEB_NOT_BUILT, code: ERROR_CODES.notFound });
    }
    const file = await fileUnder(root, urlPath);
    if (file) {
      const hashed = file.startsWith(`assets${path.sep}`);
      if (hashed) return reply.sendFile(file, { maxAge: '365d', immutable: true });
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(file, { cacheControl: false });
    }
    // A missing asset is a 404, not the app: a browser would otherwise parse HTML as a script.
    if (urlPath.startsWith('/assets/')) throw notFound(sessionMessages.notFound);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(isKnowledgePath(urlPath) ? KNOWLEDGE_PAGE : 'index.html', { cacheControl: false });
  });
};
