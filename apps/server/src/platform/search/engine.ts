/**
 * The document analyser's engine (docs/analyser.md, "The engine and its counting rules"): exact counts of
 * many terms per source from positional postings held by a worker thread, and keyword in context from one
 * source's arrays. Counts equal `rg -o -i -w -F 'term' | wc -l` on the stored text.
 */
import type { Db, Dialect } from '../../db/database.types.ts';
import { AnalysisCancelledError, throwIfCancelled, type CountTermsOptions } from './cancellation.ts';
import { scanPositions } from './engine-core.ts';
import { engineClient, storeOf } from './engine-client.ts';
import { engineKey, rowIdOfKey } from './engine-protocol.ts';
import { engineArrays, indexRowsOf, rowTexts, wordIds, type SourceScope, type WordArrayRow } from './search.repo.ts';
import { referenceHits, type Hit } from './reference-count.ts';
import { resolvePlans, termShape, vocabularyOf, type TermPlan } from './term-plan.ts';
import { tokenLengthAt } from './tokenizer.ts';
import { decodeUint32 } from './word-arrays.ts';

/** Sources between progress reports and cancellation checks (in the worker, on a shared flag). */
const PROGRESS_CHUNK = 500;
/** Sources per count request when terms need the stored texts (they travel with the request). */
const TEXT_BATCH = 200;
/** Sources read from the database at once to fill the worker's cache (each read blocks the thread). */
const LOAD_BATCH = 50;

/** Terms as plans: their words and separators looked up in the vocabulary in one query. */
export async function planTerms(db: Db, dialect: Dialect, terms: readonly string[]): Promise<TermPlan[]> {
  const shapes = terms.map(termShape);
  const vocabulary = await wordIds(db, dialect, vocabularyOf(shapes), false);
  return resolvePlans(shapes, vocabulary);
}

/** Copies a stored array into its own buffer (the worker takes it over). */
const ownArray = (bytes: Uint8Array) => decodeUint32(bytes).slice();

export async function countTermsWithEngine(
  db: Db,
  dialect: Dialect,
  scope: SourceScope,
  sourceIds: readonly number[],
  terms: readonly string[],
  options: CountTermsOptions,
): Promise<Map<number, number[]>> {
  const { signal, onProgress } = options;
  throwIfCancelled(signal);
  const answer = new Map<number, number[]>();
  const plans = await planTerms(db, dialect, terms);
  const rows = await indexRowsOf(db, dialect, scope, [...new Set(sourceIds)]);
  const needed = plans.some((plan) => plan.kind !== 'none');
  const needsText = plans.some((plan) => plan.kind === 'scan');
  const store = storeOf(db);
  const client = engineClient();
  // One request for every source (one round trip when the worker holds them), unless texts travel along.
  const batchSize = needsText ? TEXT_BATCH : Math.max(1, rows.length);
  const cancel = new Int32Array(new SharedArrayBuffer(4));
  const onAbort = () => Atomics.store(cancel, 0, 1);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (let start = 0; start < rows.length; start += batchSize) {
      const batch = rows.slice(start, start + batchSize);
      const progress = (done: number) => onProgress?.(start + done, rows.length);
      if (!needed) {
        for (const row of batch) answer.set(row.source_id, new Array<number>(terms.length).fill(0));
      } else {
        const keys = Float64Array.from(batch, (row) => engineKey(store, row.id));
        let texts: (string | null)[] | undefined;
        if (needsText) {
          const byId = new Map(
            (
              await rowTexts(
                db,
                dialect,
                scope,
                batch.map((row) => row.id),
              )
            ).map((r) => [r.id, r.text]),
          );
          texts = batch.map((row) => byId.get(row.id) ?? null);
        }
        const count = () =>
          client.request({ type: 'count', keys, plans, texts, cancel, chunk: PROGRESS_CHUNK }, [], progress);
        let response = await count();
        if ('missing' in response && response.missing.length > 0) {
          const missing = response.missing.map(rowIdOfKey);
          for (let at = 0; at < missing.length; at += LOAD_BATCH) {
            throwIfCancelled(signal);
            const loaded = await engineArrays(db, dialect, scope, missing.slice(at, at + LOAD_BATCH));
            const arrays = loaded.map((row) => ({
              key: engineKey(store, row.id),
              ids: ownArray(row.word_ids),
              gaps: ownArray(row.gaps),
            }));
            await client.request(
              { type: 'load', rows: arrays },
              arrays.flatMap((row) => [row.ids.buffer as ArrayBuffer, row.gaps.buffer as ArrayBuffer]),
            );
          }
          response = await count();
        }
        if ('progress' in response) throw new Error('The counting engine answered out of turn.');
        if (!response.ok) throw response.cancelled ? new AnalysisCancelledError() : new Error(response.message);
        if (!('counts' in response)) throw new Error('The counting engine lost sources it was sent.');
        const { counts } = response;
        batch.forEach((row, index) => {
          answer.set(row.source_id, Array.from(counts.subarray(index * plans.length, (index + 1) * plans.length)));
        });
      }
      onProgress?.(Math.min(start + batchSize, rows.length), rows.length);
      throwIfCancelled(signal);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return answer;
}

/** A hit as keyword in context needs it: its first token and its characters in the stored text. */
export interface PlacedHit extends Hit {
  /** First token of the hit (or the first token after its start, for a hit that starts with a separator). */
  position: number;
  /** Token after the hit's last one. */
  after: number;
}

/** Every hit of a term in one source's row (text, offsets, word and separator ids), in order. */
export function hitsInRow(row: WordArrayRow, plan: TermPlan): PlacedHit[] {
  if (plan.kind === 'none') return [];
  const offsets = decodeUint32(row.offsets);
  if (plan.kind === 'index') {
    const n = plan.words.length;
    return scanPositions({ ids: decodeUint32(row.word_ids), gaps: decodeUint32(row.gaps) }, plan).map((position) => {
      const last = offsets[position + n - 1] ?? 0;
      return {
        position,
        after: position + n,
        start: offsets[position] ?? 0,
        end: last + tokenLengthAt(row.text, last),
      };
    });
  }
  return referenceHits(row.text, plan.term).map((hit) => ({
    ...hit,
    position: firstTokenAtOrAfter(offsets, hit.start),
    after: firstTokenAtOrAfter(offsets, hit.end),
  }));
}

function firstTokenAtOrAfter(offsets: Uint32Array, at: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((offsets[mid] ?? 0) < at) low = mid + 1;
    else high = mid;
  }
  return low;
}
