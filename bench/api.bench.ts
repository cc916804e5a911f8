/**
 * Lexdesk's API against a bare Fastify route, measured in one run on this machine: public reads
 * (GET app-config/, GET /version.json), authenticated reads (GET user/{id}/, GET case/?limits=10) and an
 * authenticated write (POST user/theme/toggle/{id}/). Each is paired with a bare route answering a body of
 * the same size; prints req/s and p99 latency of both, the ratio, and the issue 11 §6 target of the row.
 * BENCH_ONLY=app-config,case runs the named cases only.
 */
import Fastify from 'fastify';
import { CONNECTIONS, load, SECONDS, startLexdesk, type Figures } from './bench-server.ts';

interface BenchCase {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Sends the bearer token. */
  signedIn: boolean;
  target: { ratio?: number; p99?: number };
}

function row(bench: BenchCase, ours: Figures, base: Figures) {
  const ratio = ours.rps / base.rps;
  const { target } = bench;
  const verdicts = [
    target.ratio === undefined ? '' : `${ratio >= target.ratio ? 'meets' : 'BELOW'} ${target.ratio}×`,
    target.p99 === undefined ? '' : `p99 ${ours.p99 < target.p99 ? 'meets' : 'ABOVE'} < ${target.p99} ms`,
  ].filter(Boolean);
  console.log(
    `${bench.name.padEnd(36)} ${ours.rps.toFixed(0).padStart(7)} req/s  p99 ${String(ours.p99).padStart(4)} ms` +
      `   | bare ${base.rps.toFixed(0).padStart(7)} req/s  p99 ${String(base.p99).padStart(4)} ms` +
      `   | ratio ${ratio.toFixed(2)}${verdicts.length ? ` (${verdicts.join(', ')})` : ''}` +
      (ours.errors + base.errors > 0 ? `   errors ${ours.errors}/${base.errors}` : ''),
  );
}

async function main() {
  const lexdesk = await startLexdesk();
  const { url: ourUrl, auth, userId } = lexdesk;
  const cases: BenchCase[] = [
    {
      key: 'app-config',
      name: 'GET app-config/ (public)',
      method: 'GET',
      path: '/api/app-config/',
      signedIn: false,
      target: { ratio: 0.6 },
    },
    {
      key: 'version',
      name: 'GET /version.json (public)',
      method: 'GET',
      path: '/version.json',
      signedIn: false,
      target: { ratio: 0.6 },
    },
    {
      key: 'user',
      name: 'GET user/{id}/ (authenticated)',
      method: 'GET',
      path: `/api/user/${userId}/`,
      signedIn: true,
      target: { ratio: 0.4 },
    },
    {
      key: 'case',
      name: 'GET case/?limits=10 (authenticated)',
      method: 'GET',
      path: '/api/case/?limits=10',
      signedIn: true,
      target: { ratio: 0.4, p99: 25 },
    },
    {
      key: 'toggle',
      name: 'POST user/theme/toggle/{id}/ (write)',
      method: 'POST',
      path: `/api/user/theme/toggle/${userId}/`,
      signedIn: true,
      target: {},
    },
  ];
  const only = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());
  const selected = only ? cases.filter((bench) => only.includes(bench.key)) : cases;

  // The baseline: a bare Fastify route per case answering a body of the same size, with no database or checks.
  const bare = Fastify({ logger: false });
  for (const bench of selected) {
    const response = await fetch(`${ourUrl}${bench.path}`, {
      method: bench.method,
      headers: bench.signedIn ? auth : {},
    });
    if (!response.ok) throw new Error(`${bench.name}: ${response.status} ${await response.text()}`);
    const body = await response.text();
    bare.route({
      method: bench.method,
      url: `/${bench.key}`,
      handler: async (_request, reply) => reply.type('application/json').send(body),
    });
  }
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  console.log(
    `Lexdesk API vs bare Fastify — ${CONNECTIONS} connections, ${SECONDS} s each, ` +
      `${lexdesk.dialect}, Node ${process.version}` +
      (process.env.BENCH_RATE_LIMIT === '1' ? ', rate limiter on' : ''),
  );
  for (const bench of selected) {
    const headers = bench.signedIn ? auth : {};
    // One second of warm-up for each, so neither side is measured while the JIT is still compiling.
    await load(`${bareUrl}/${bench.key}`, bench.method, headers, 1);
    await load(`${ourUrl}${bench.path}`, bench.method, headers, 1);
    const base = await load(`${bareUrl}/${bench.key}`, bench.method, headers);
    const ours = await load(`${ourUrl}${bench.path}`, bench.method, headers);
    row(bench, ours, base);
  }

  await bare.close();
  await lexdesk.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
