/**
 * The counting engine's data and loops, free of I/O so the worker thread and the request thread share them.
 * A source's entry holds its word ids and separator ids per position and positional postings (for each
 * distinct word, its positions): a term is looked up by its rarest word, so a count costs the postings of
 * that word in that source, never a pass over the text.
 */
import type { TermPlan } from './term-plan.ts';

export interface SourceArrays {
  /** Word id per token. */
  ids: Uint32Array;
  /** Separator id per gap: gaps[0] before the first token, gaps[i + 1] after token i. */
  gaps: Uint32Array;
}

export interface SourceEntry extends SourceArrays {
  /** Distinct word ids, ascending. */
  words: Uint32Array;
  /** Positions of words[k] are positions[starts[k]..starts[k + 1]), ascending. */
  starts: Uint32Array;
  positions: Uint32Array;
}

/** Builds a source's postings: one sort of (word id, position) pairs packed in a float. */
export function buildEntry(arrays: SourceArrays): SourceEntry {
  const { ids } = arrays;
  const n = ids.length;
  const order = sortedPositions(ids);
  const positions = new Uint32Array(n);
  const words: number[] = [];
  const starts: number[] = [];
  let previous = -1;
  for (let k = 0; k < n; k += 1) {
    const position = order[k] ?? 0;
    const id = ids[position] ?? 0;
    positions[k] = position;
    if (id !== previous) {
      words.push(id);
      starts.push(k);
      previous = id;
    }
  }
  starts.push(n);
  return { ...arrays, words: Uint32Array.from(words), starts: Uint32Array.from(starts), positions };
}

const SHIFT = 2 ** 21;

/** Positions ordered by (word id, position): a packed float sort, or a comparator past 2M tokens. */
function sortedPositions(ids: Uint32Array): ArrayLike<number> {
  const n = ids.length;
  if (n >= SHIFT) {
    const order = Uint32Array.from({ length: n }, (_, i) => i);
    return order.sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0) || a - b);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i += 1) keys[i] = (ids[i] ?? 0) * SHIFT + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k += 1) order[k] = (keys[k] ?? 0) % SHIFT;
  return order;
}

/** Index of `id` in the ascending `words`, or -1. */
function findWord(words: Uint32Array, id: number): number {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = words[mid] ?? 0;
    if (value === id) return mid;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * Start positions of the hits of an indexed term in a source, in order: every word and separator equal,
 * and no hit overlapping the one before (a repeated phrase counts as ripgrep counts it).
 */
export function termPositions(entry: SourceEntry, plan: Extract<TermPlan, { kind: 'index' }>): number[] {
  const { words: phrase, separators } = plan;
  const n = phrase.length;
  // The rarest word of the phrase anchors the lookup.
  let anchor = 0;
  let anchorAt = -1;
  let anchorSize = Number.POSITIVE_INFINITY;
  for (let k = 0; k < n; k += 1) {
    const at = findWord(entry.words, phrase[k] ?? 0);
    if (at < 0) return [];
    const size = (entry.starts[at + 1] ?? 0) - (entry.starts[at] ?? 0);
    if (size < anchorSize) {
      anchor = k;
      anchorAt = at;
      anchorSize = size;
    }
  }
  const hits: number[] = [];
  const { ids, gaps, positions } = entry;
  const from = entry.starts[anchorAt] ?? 0;
  const to = entry.starts[anchorAt + 1] ?? 0;
  let lastToken = -1;
  outer: for (let p = from; p < to; p += 1) {
    const start = (positions[p] ?? 0) - anchor;
    if (start <= lastToken || start < 0 || start + n > ids.length) continue;
    for (let k = 0; k < n; k += 1) {
      if (k !== anchor && ids[start + k] !== phrase[k]) continue outer;
      if (k > 0 && gaps[start + k] !== separators[k - 1]) continue outer;
    }
    hits.push(start);
    lastToken = start + n - 1;
  }
  return hits;
}

/** The same hits by a pass over the arrays (one source, no postings built: keyword in context). */
export function scanPositions(arrays: SourceArrays, plan: Extract<TermPlan, { kind: 'index' }>): number[] {
  const { words: phrase, separators } = plan;
  const { ids, gaps } = arrays;
  const n = phrase.length;
  const first = phrase[0] ?? 0;
  const hits: number[] = [];
  const last = ids.length - n;
  outer: for (let start = 0; start <= last; start += 1) {
    if (ids[start] !== first) continue;
    for (let k = 1; k < n; k += 1) {
      if (ids[start + k] !== phrase[k] || gaps[start + k] !== separators[k - 1]) continue outer;
    }
    hits.push(start);
    start += n - 1;
  }
  return hits;
}

/** How often an indexed term occurs in a source (one word: the length of its postings). */
export function termCount(entry: SourceEntry, plan: Extract<TermPlan, { kind: 'index' }>): number {
  if (plan.words.length === 1) {
    const at = findWord(entry.words, plan.words[0] ?? 0);
    return at < 0 ? 0 : (entry.starts[at + 1] ?? 0) - (entry.starts[at] ?? 0);
  }
  return termPositions(entry, plan).length;
}

/** Bytes an entry holds (for the cache's budget). */
export function entryBytes(entry: SourceEntry): number {
  return (
    entry.ids.byteLength +
    entry.gaps.byteLength +
    entry.words.byteLength +
    entry.starts.byteLength +
    entry.positions.byteLength
  );
}
