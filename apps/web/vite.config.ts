import { createHash } from 'node:crypto';
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

export default defineConfig({
  plugins: [react(), versionFile()],
  build: {
    outDir: 'dist',
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
