/**
 * A CPU profile of one route under load: the server runs in this process, autocannon in another.
 *   node --cpu-prof --cpu-prof-dir=/tmp/lexdesk-prof --import tsx bench/profile.ts
 * PROFILE_PATH (default /api/user/{id}/; `{id}` is the demo user), PROFILE_PUBLIC=1 sends no token,
 * PROFILE_BARE=1 loads a bare Fastify route answering the same body instead (the baseline's profile),
 * BENCH_SECONDS (default 10). Summarise with `node bench/profile-summary.mjs <file>.cpuprofile`.
 */
import Fastify from 'fastify';
import { load, SECONDS, startLexdesk } from './bench-server.ts';

async function main() {
  const lexdesk = await startLexdesk();
  const route = (process.env.PROFILE_PATH ?? '/api/user/{id}/').replace('{id}', String(lexdesk.userId));
  const headers = process.env.PROFILE_PUBLIC === '1' ? {} : lexdesk.auth;
  let url = `${lexdesk.url}${route}`;
  const bare = Fastify({ logger: false });
  if (process.env.PROFILE_BARE === '1') {
    const body = await (await fetch(url, { headers })).text();
    bare.get('/bare', async (_request, reply) => reply.type('application/json').send(body));
    url = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
  }
  await load(url, 'GET', headers, 2);
  const figures = await load(url, 'GET', headers, SECONDS);
  console.log(`${route}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, errors ${figures.errors}`);
  await bare.close();
  await lexdesk.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
