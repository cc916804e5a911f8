// The entry of a parsing worker thread. Plain JavaScript, because Node starts a worker from a file it can
// load itself: it registers tsx (as `tsx src/main.ts` does for the server) and then loads the TypeScript
// message loop. The same file runs under the server, `tsx`, and Vitest.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker-loop.ts');
