/**
 * Cases: upload and index real contracts, then full-text search, measured in one run on this machine.
 * - Upload + index: documents per second (through POST case/{id}/documents/ and the background jobs),
 *   and the time until the last document is searchable.
 * - Search: median and p99 of 50 term and phrase queries through the search service, against
 *   `rg -c -i -w -F` over the same files in the same run; printed as ratios (ours / rg: below 1 is faster).
 * BENCH_DOCS limits the number of contracts (default: all 2,197); DATABASE_URL measures PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/demo.seed.ts';

/** Pinned for the benchmark's own sign-in (the seed has no password of its own). */
const DEMO_PASSWORD = 'Demo#2026pass';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { searchService } from '../apps/server/src/platform/search/search.service.ts';

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/data/contracts');
const LIMIT = Number(process.env.BENCH_DOCS ?? Number.POSITIVE_INFINITY);
const UPLOAD_PARALLEL = 4;

const TERMS = [
  'indemnification',
  'termination',
  'arbitration',
  'confidential',
  'severance',
  'warranty',
  'assignment',
  'liability',
  'insurance',
  'royalty',
  'escrow',
  'subcontractor',
  'noncompetition',
  'jurisdiction',
  'amendment',
  'bonus',
  'pension',
  'collateral',
  'default',
  'license',
  'software',
  'waiver',
  'notice',
  'agreement',
  'zygomorphic',
];
const PHRASES = [
  'governing law',
  'force majeure',
  'in witness whereof',
  'entire agreement',
  'change of control',
  'for cause',
  'good reason',
  'intellectual property',
  'sole discretion',
  'prior written consent',
  'to the contrary',
  'best efforts',
  'liquidated damages',
  'events of default',
  'source code',
  'base salary',
  'payment bond',
  'letter of credit',
  'trade secrets',
  'severance pay',
  'limitation of liability',
  'applicable law',
  'board of directors',
  'without cause',
  'purple elephant',
];

function contractFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.txt') && name !== 'README.md') files.push(full);
    }
  };
  walk(CONTRACTS);
  return files.slice(0, LIMIT);
}

function multipart(name: string, content: Buffer) {
  const boundary = `----bench${Math.random().toString(36).slice(2)}`;
  const safe = name.replace(/"/g, '');
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safe}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function main(): Promise<void> {
  const files = contractFiles();
  if (files.length === 0) throw new Error(`No contracts under ${CONTRACTS}`);
  const totalBytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-bench-cases-'));
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.JOB_WORKERS ? { JOB_WORKERS: process.env.JOB_WORKERS } : {}),
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, db: database.db });
  await seedDemo(app.ctx);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: 'admin@example.com', password: DEMO_PASSWORD, mode: 'webapp' },
  });
  const { access } = login.json<{ access: string }>();
  const auth = { authorization: `Bearer ${access}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/case/',
    headers: auth,
    payload: { title: 'Benchmark corpus', status: 'open' },
  });
  const caseId = created.json<{ id: number }>().id;
  const organisationId = (
    await database.db.selectFrom('cases').select('organisation_id').where('id', '=', caseId).executeTakeFirstOrThrow()
  ).organisation_id;

  console.log(
    `Cases benchmark: ${files.length} contracts, ${(totalBytes / 1024 / 1024).toFixed(1)} MB, ${database.dialect}, ${config.jobWorkers} job workers`,
  );

  // Upload (a few at a time, like the browser) while the background workers index.
  const start = performance.now();
  let next = 0;
  const uploader = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const { payload, headers } = multipart(path.basename(file), readFileSync(file));
      const res = await app.inject({
        method: 'POST',
        url: `/api/case/${caseId}/documents/`,
        headers: { ...auth, ...headers },
        payload,
      });
      if (res.statusCode !== 201) throw new Error(`upload of ${file} answered ${res.statusCode}: ${res.body}`);
    }
  };
  await Promise.all(Array.from({ length: UPLOAD_PARALLEL }, uploader));
  const uploaded = performance.now();
  for (;;) {
    const pending = await database.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('case_id', '=', caseId)
      .where('indexing_state', 'in', ['queued', 'indexing'])
      .executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const indexed = performance.now();
  const failed = await database.db
    .selectFrom('documents')
    .select('original_name')
    .where('indexing_state', '=', 'failed')
    .execute();
  const seconds = (indexed - start) / 1000;
  console.log(`\nUpload + index`);
  console.log(
    `  uploads accepted      ${((uploaded - start) / 1000).toFixed(1)} s (${(files.length / ((uploaded - start) / 1000)).toFixed(1)} docs/s)`,
  );
  console.log(`  last one searchable   ${seconds.toFixed(1)} s after the first upload`);
  console.log(
    `  throughput            ${(files.length / seconds).toFixed(1)} docs/s, ${(totalBytes / 1024 / 1024 / seconds).toFixed(1)} MB/s${failed.length ? `, ${failed.length} failed` : ''}`,
  );

  if (process.env.BENCH_SEARCH === '0') {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    return;
  }

  // Search: the search box (documents holding the term or phrase) and exact counts, against rg.
  // rg reads the same files through a folder of links (a 2,197-name argument list would cost rg a slow spawn).
  const corpus = path.join(dir, 'corpus');
  mkdirSync(corpus);
  files.forEach((file, i) => symlinkSync(file, path.join(corpus, `${i}.txt`)));
  const search = searchService(app.ctx, 'case_document');
  const queries = [
    ...TERMS.map((t) => ({ text: t, quoted: t })),
    ...PHRASES.map((p) => ({ text: p, quoted: `"${p}"` })),
  ];
  const ours: number[] = [];
  const oursCounts: number[] = [];
  const rg: number[] = [];
  const run = promisify(execFile);
  // One warm-up pass each (file cache, statement cache), then the measured pass.
  for (const pass of ['warm', 'measure'] as const) {
    for (const query of queries) {
      let t = performance.now();
      const ids = await search.find(organisationId, query.quoted);
      const found = performance.now() - t;
      t = performance.now();
      await search.countOccurrences(organisationId, ids, query.text);
      const counted = performance.now() - t;
      t = performance.now();
      await run('rg', ['-c', '-i', '-w', '-F', '-L', query.text, corpus], { maxBuffer: 64 * 1024 * 1024 }).catch(
        (error: { code?: number }) => {
          if (error.code !== 1) throw error; // 1: no match
        },
      );
      const scanned = performance.now() - t;
      if (pass === 'measure') {
        ours.push(found);
        oursCounts.push(found + counted);
        rg.push(scanned);
      }
    }
  }
  const row = (label: string, values: number[]) => {
    const median = percentile(values, 50);
    const p99 = percentile(values, 99);
    return { label, median, p99 };
  };
  const baseline = row('rg -c -i -w', rg);
  const breakEven = (seconds * 1000) / Math.max(1e-9, baseline.median - percentile(ours, 50));
  console.log(`\nFull-text search, ${queries.length} queries (${TERMS.length} terms, ${PHRASES.length} phrases)`);
  console.log(`  ${'what'.padEnd(34)} ${'median'.padStart(10)} ${'p99'.padStart(10)}   ratio to rg (median / p99)`);
  for (const r of [
    row('index: matching documents', ours),
    row('index: documents + exact counts', oursCounts),
    baseline,
  ]) {
    console.log(
      `  ${r.label.padEnd(34)} ${fmt(r.median).padStart(10)} ${fmt(r.p99).padStart(10)}   ${(r.median / baseline.median).toFixed(2)} / ${(r.p99 / baseline.p99).toFixed(2)}`,
    );
  }

  console.log(
    `\nBuilding the index cost ${((seconds * 1000) / baseline.median).toFixed(0)} rg scans of the corpus; it pays for itself after ${Math.ceil(breakEven)} searches.`,
  );

  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
