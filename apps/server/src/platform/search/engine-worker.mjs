// The entry of the counting engine's worker thread (plain JavaScript, as parse-worker.mjs: it registers tsx,
// then loads the TypeScript loop). The same file runs under the server, `tsx`, and Vitest.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker-loop.ts');
