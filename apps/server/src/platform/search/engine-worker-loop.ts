import { parentPort } from 'node:worker_threads';
import { buildEntry, entryBytes, termCount, type SourceEntry } from './engine-core.ts';
import type { EngineRequest, EngineResponse } from './engine-protocol.ts';
import { referenceCount } from './reference-count.ts';

/**
 * The engine's worker thread: holds the postings of the sources it was sent (least recently used first out,
 * within ENGINE_CACHE_MB) and answers counts, so an analysis never runs on the thread that answers requests.
 */
const BUDGET = Number(process.env.ENGINE_CACHE_MB ?? 512) * 1024 * 1024;
const cache = new Map<number, SourceEntry>();
let held = 0;

function remember(key: number, entry: SourceEntry): void {
  const old = cache.get(key);
  if (old) {
    held -= entryBytes(old);
    cache.delete(key);
  }
  cache.set(key, entry);
  held += entryBytes(entry);
  for (const [oldest, value] of cache) {
    if (held <= BUDGET || oldest === key) break;
    cache.delete(oldest);
    held -= entryBytes(value);
  }
}

function handle(request: EngineRequest): EngineResponse {
  if (request.type === 'load') {
    for (const row of request.rows) remember(row.key, buildEntry({ ids: row.ids, gaps: row.gaps }));
    return { id: request.id, ok: true, missing: [] };
  }
  const { plans, keys, texts } = request;
  const missing: number[] = [];
  for (const key of keys) if (!cache.has(key)) missing.push(key);
  if (missing.length > 0) return { id: request.id, ok: true, missing };
  const counts = new Uint32Array(keys.length * plans.length);
  // Near the budget, counted sources move to the young end (least recently used go first).
  const touch = held > BUDGET * 0.8;
  const chunk = request.chunk ?? keys.length;
  for (let row = 0; row < keys.length; row += 1) {
    if (row > 0 && row % chunk === 0) {
      if (request.cancel && Atomics.load(request.cancel, 0) === 1) {
        return { id: request.id, ok: false, message: 'cancelled', cancelled: true };
      }
      parentPort?.postMessage({ id: request.id, progress: row } satisfies EngineResponse);
    }
    const key = keys[row] ?? 0;
    const entry = cache.get(key) as SourceEntry;
    if (touch) {
      cache.delete(key);
      cache.set(key, entry);
    }
    plans.forEach((plan, term) => {
      let count = 0;
      if (plan.kind === 'index') count = termCount(entry, plan);
      else if (plan.kind === 'scan') count = referenceCount(texts?.[row] ?? '', plan.term);
      counts[row * plans.length + term] = count;
    });
  }
  return { id: request.id, ok: true, counts };
}

parentPort?.on('message', (request: EngineRequest) => {
  let response: EngineResponse;
  try {
    response = handle(request);
  } catch (error) {
    response = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response, 'counts' in response ? [response.counts.buffer as ArrayBuffer] : []);
});
