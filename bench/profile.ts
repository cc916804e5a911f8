/**
 * A CPU profile of one route under load: the server runs in this process, autocannon in another.
 *   node --cpu-prof --cpu-prof-dir=/tmp/lexdesk-prof --import tsx bench/profile.ts
 * PROFILE_PATH (default /api/user/{id}/; `{id}` is the demo user), PROFILE_PUBLIC=1 sends no token,
 * BENCH_SECONDS (default 10). Summarise with `node bench/profile-summary.mjs <file>.cpuprofile`.
 */
import { load, SECONDS, startLexdesk } from './bench-server.ts';

async function main() {
  const lexdesk = await startLexdesk();
  const route = (process.env.PROFILE_PATH ?? '/api/user/{id}/').replace('{id}', String(lexdesk.userId));
  const headers = process.env.PROFILE_PUBLIC === '1' ? {} : lexdesk.auth;
  await load(`${lexdesk.url}${route}`, 'GET', headers, 2);
  const figures = await load(`${lexdesk.url}${route}`, 'GET', headers, SECONDS);
  console.log(`${route}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, errors ${figures.errors}`);
  await lexdesk.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
