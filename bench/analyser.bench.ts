/**
 * The document analyser's engine (issue 13, docs/analyser.md "The engine and its counting rules"), measured in
 * one run against ripgrep over the same stored texts:
 * - full analysis: every per-document count of ~200 CUAD terms in all contracts, against one
 *   `rg -c -i -w -F -f terms` pass (target ≤ 0.5×), cold (the worker's postings filled from the database)
 *   and warm;
 * - a selective concept (terms in under 5 % of the documents, target < 20 ms), the first 200
 *   keyword-in-context rows of the most frequent term (target < 50 ms);
 * - p99 of a simple authenticated read (`GET user/{id}/`) while analyses run (target < 50 ms), peak RSS;
 * - indexing throughput of the corpus (the cases bench measures upload + index through the API).
 * BENCH_DOCS limits the contracts; BENCH_DATABASE_URL (or DATABASE_URL) measures PostgreSQL. The counts'
 * checksum lets runs on both databases be compared.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/demo.seed.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { searchService } from '../apps/server/src/platform/search/search.service.ts';
import { contractFiles, cuadHeads } from '../apps/server/test/analyser-corpus.ts';

const DEMO_PASSWORD = 'Demo#2026pass';
const LIMIT = Number(process.env.BENCH_DOCS ?? Number.POSITIVE_INFINITY);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const run = promisify(execFile);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function main(): Promise<void> {
  const files = contractFiles(LIMIT);
  if (files.length === 0) throw new Error('No contracts under ../shared/data/contracts');
  const heads = cuadHeads();
  const terms = heads.flatMap((head) => head.terms);
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-bench-analyser-'));
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    ...(DATABASE_URL ? { DATABASE_URL } : {}),
  });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, db: database.db });
  await seedDemo(app.ctx);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: 'user@example.com', password: DEMO_PASSWORD, mode: 'webapp' },
  });
  const { access, user_id: userId } = login.json<{ access: string; user_id: number }>();
  const organisationId = (
    await database.db.selectFrom('users').select('organisation_id').where('id', '=', userId).executeTakeFirstOrThrow()
  ).organisation_id as number;
  let peakRss = 0;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);

  // Index the corpus (the search service directly) and keep each stored text for rg.
  const corpus = path.join(dir, 'corpus');
  mkdirSync(corpus);
  const search = searchService(app.ctx, 'case_document');
  const ids: number[] = [];
  let bytes = 0;
  const indexStart = performance.now();
  for (const [i, file] of files.entries()) {
    const id = i + 1;
    bytes += statSync(file).size;
    await search.index({ id, organisationId }, readFileSync(file, 'utf8'));
    ids.push(id);
  }
  const indexSeconds = (performance.now() - indexStart) / 1000;
  for (const id of ids) {
    writeFileSync(path.join(corpus, `${id}.txt`), (await search.storedText(organisationId, id))?.text ?? '');
  }
  const termsFile = path.join(dir, 'terms.txt');
  writeFileSync(termsFile, `${terms.join('\n')}\n`);
  console.log(
    `Analyser benchmark: ${files.length} contracts, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${database.dialect}, ${heads.length} heads, ${terms.length} terms`,
  );
  console.log(
    `  indexing              ${(files.length / indexSeconds).toFixed(1)} docs/s (${indexSeconds.toFixed(1)} s)`,
  );

  // Baseline: one rg pass over the same texts with every term (median of 3, after a warm-up).
  const rgPass = () =>
    run('rg', ['-c', '-i', '-w', '-F', '--no-config', '-f', termsFile, corpus], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { code?: number }) => {
        if (error.code !== 1) throw error;
      },
    );
  await rgPass();
  const rgTimes: number[] = [];
  for (let i = 0; i < 3; i += 1) rgTimes.push((await timed(rgPass)).ms);
  const rg = median(rgTimes);

  // A simple read by another user, repeated while the analyses run.
  const reads: number[] = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/user/${userId}/`,
        headers: { authorization: `Bearer ${access}` },
      });
      if (res.statusCode !== 200) throw new Error(`read answered ${res.statusCode}`);
      reads.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();

  const cold = await timed(() => search.countTerms(organisationId, ids, terms));
  const warmTimes: number[] = [];
  let counts = cold.value;
  for (let i = 0; i < 3; i += 1) {
    const warm = await timed(() => search.countTerms(organisationId, ids, terms));
    warmTimes.push(warm.ms);
    counts = warm.value;
  }
  reading = false;
  await reader;
  const warm = median(warmTimes);

  // Document frequency of each term: a selective concept is terms found in under 5 % of the documents.
  const documentFrequency = terms.map((_, t) => ids.filter((id) => (counts.get(id)?.[t] ?? 0) > 0).length);
  const selective = terms.filter(
    (_, t) => (documentFrequency[t] ?? 0) > 0 && (documentFrequency[t] ?? 0) < ids.length * 0.05,
  );
  const selectiveTerms = selective.slice(0, 5);
  const selectiveTimes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    selectiveTimes.push((await timed(() => search.countTerms(organisationId, ids, selectiveTerms))).ms);
  }

  // Keyword in context: the first 200 rows of the term with the most hits in one document.
  let best = { id: ids[0] ?? 1, term: terms[0] ?? '', count: 0 };
  for (const id of ids) {
    (counts.get(id) ?? []).forEach((count, t) => {
      if (count > best.count) best = { id, term: terms[t] ?? '', count };
    });
  }
  const kwicTimes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    kwicTimes.push(
      (await timed(() => search.keywordInContextPage(organisationId, best.id, best.term, 5, { offset: 0, limit: 200 })))
        .ms,
    );
  }
  clearInterval(rssTimer);

  const checksum = createHash('sha256');
  let hits = 0;
  for (const id of ids) {
    const row = counts.get(id) ?? [];
    hits += row.reduce((sum, c) => sum + c, 0);
    checksum.update(`${id}:${row.join(',')};`);
  }
  console.log(`\nFull analysis (${ids.length} documents × ${terms.length} terms, ${hits} hits)`);
  console.log(`  rg -c -i -w -F -f terms   ${ms(rg).padStart(10)}   (baseline, median of 3)`);
  console.log(
    `  engine, cold              ${ms(cold.ms).padStart(10)}   ${(cold.ms / rg).toFixed(2)}× rg (postings built from the database)`,
  );
  console.log(`  engine, warm              ${ms(warm).padStart(10)}   ${(warm / rg).toFixed(2)}× rg (target ≤ 0.5×)`);
  console.log(
    `\nSelective concept (${selectiveTerms.length} terms in < 5 % of documents: ${selectiveTerms.join(', ')})`,
  );
  console.log(`  median ${ms(median(selectiveTimes))}, p99 ${ms(percentile(selectiveTimes, 99))} (target < 20 ms)`);
  console.log(`\nKeyword in context: first 200 of ${best.count} hits of "${best.term}" in one document`);
  console.log(`  median ${ms(median(kwicTimes))}, p99 ${ms(percentile(kwicTimes, 99))} (target < 50 ms)`);
  console.log(`\nA simple read (GET user/{id}/) during the analyses: ${reads.length} reads`);
  console.log(`  median ${ms(median(reads))}, p99 ${ms(percentile(reads, 99))} (target < 50 ms)`);
  console.log(`\nPeak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB (target < 1024 MB)`);
  console.log(`Counts checksum ${checksum.digest('hex').slice(0, 16)} (the same on SQLite and PostgreSQL)`);

  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
