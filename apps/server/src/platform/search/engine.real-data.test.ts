import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACTS_DIR, contractFiles, cuadHeads, hasSharedCorpus } from '../../../test/analyser-corpus.ts';
import { describeEachDatabase } from '../../../test/harness.ts';
import { searchService } from './search.service.ts';

/**
 * Every count of the engine on 200 real contracts equals ripgrep's (`rg --count-matches -i -w -F`, the
 * per-file form of `rg -o -i -w -F | wc -l`) on the same stored texts, for the ~200 CUAD terms; and the
 * keyword-in-context total equals the count. Without ../shared it skips with a notice; .ci/run requires it.
 */
const HAS_CORPUS = hasSharedCorpus() || Boolean(process.env.REQUIRE_SHARED_DATA);
const HAS_RG = spawnSync('rg', ['--version']).status === 0;
if (!HAS_CORPUS) console.warn(`Skipping the engine's real-data test: ${CONTRACTS_DIR} is absent (../shared)`);
if (HAS_CORPUS && !HAS_RG) throw new Error('The real-data test of the engine needs ripgrep (rg) on the PATH');

const SAMPLE = 200;

describeEachDatabase('engine against ripgrep on real contracts', (h) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-engine-real-'));
  const sourceIds: number[] = [];
  const terms = HAS_CORPUS ? cuadHeads().flatMap((head) => head.terms) : [];

  beforeAll(async () => {
    if (!HAS_CORPUS) return;
    const all = contractFiles();
    const stride = Math.max(1, Math.floor(all.length / SAMPLE));
    const files = all.filter((_, i) => i % stride === 0).slice(0, SAMPLE);
    const search = searchService(h().ctx, 'engine_real_data');
    let id = 1;
    for (const file of files) {
      await search.index({ id, organisationId: h().ids.demoOrg }, readFileSync(file, 'utf8'));
      const stored = await search.storedText(h().ids.demoOrg, id);
      writeFileSync(path.join(dir, `${id}.txt`), stored?.text ?? '');
      sourceIds.push(id);
      id += 1;
    }
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(!HAS_CORPUS)(
    'counts every term in every contract exactly as ripgrep does, and shows as many contexts',
    async () => {
      const search = searchService(h().ctx, 'engine_real_data');
      const counts = await search.countTerms(h().ids.demoOrg, sourceIds, terms);
      expect(counts.size).toBe(sourceIds.length);
      const mismatches: string[] = [];
      let total = 0;
      terms.forEach((term, t) => {
        const rgRun = spawnSync('rg', ['--count-matches', '-i', '-w', '-F', '--no-config', '--', term, dir], {
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        });
        // 1: no match anywhere.
        if (rgRun.status !== 0 && rgRun.status !== 1) throw new Error(`rg failed: ${rgRun.stderr}`);
        const out = rgRun.stdout;
        const rg = new Map<number, number>();
        for (const line of out.split('\n')) {
          const match = /([0-9]+)\.txt:([0-9]+)$/.exec(line);
          if (match) rg.set(Number(match[1]), Number(match[2]));
        }
        for (const id of sourceIds) {
          const ours = counts.get(id)?.[t] ?? 0;
          const theirs = rg.get(id) ?? 0;
          total += theirs;
          if (ours !== theirs) mismatches.push(`${term} in ${id}: ours ${ours}, rg ${theirs}`);
        }
      });
      expect(mismatches.slice(0, 20)).toEqual([]);
      expect(total).toBeGreaterThan(1000);
      // Keyword in context: as many rows as the count, for the first terms in a few contracts.
      for (const id of sourceIds.slice(0, 10)) {
        for (const [t, term] of terms.slice(0, 20).entries()) {
          const page = await search.keywordInContextPage(h().ids.demoOrg, id, term, 5, { offset: 0, limit: 3 });
          expect(page.total, `${term} in ${id}`).toBe(counts.get(id)?.[t] ?? 0);
        }
      }
    },
    300_000,
  );
});
