import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = process.env.LEXDESK_API_URL ?? 'http://localhost:3000';

/**
 * Writes dist/version.json {hash}: a digest of every emitted file, so any change to the build changes it.
 * The server serves the file and open pages compare it every 30 s to reload after a deploy.
 */
function versionFile(): Plugin {
  return {
    name: 'lexdesk-version-file',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const digest = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const item = bundle[name];
        if (!item) continue;
        digest.update(name);
        digest.update(item.type === 'chunk' ? item.code : item.source);
      }
      const hash = digest.digest('hex').slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ hash }) + '\n' });
    },
  };
}

/**
 * The dev server's answer for the knowledge application's client routes (`/kb`, `/kb/node/3`): kb.html, as the
 * production server does (platform/web); Vite alone would answer the main app's index.html.
 */
function knowledgePages(): Plugin {
  return {
    name: 'lexdesk-knowledge-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        if (path === '/kb' || (path.startsWith('/kb/') && !path.includes('.'))) request.url = '/kb.html';
        next();
      });
    },
  };
}

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react(), versionFile(), knowledgePages()],
  build: {
    outDir: 'dist',
    // Two applications, two entries: the main app and the knowledge application (src/kb), which never share an
    // entry chunk (src/kb/bundle.test.ts checks the main app never imports src/kb).
    rolldownOptions: { input: { main: page('index.html'), kb: page('kb.html') } },
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/version.json': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
    },
  },
});
