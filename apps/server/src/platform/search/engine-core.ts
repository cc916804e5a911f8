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

/** Per-word counters indexed by word id, reused between builds (reset after each). */
let scratch = new Int32Array(1024);

/** Builds a source's postings in linear time: count per word, then place each position (a counting sort). */
export function buildEntry(arrays: SourceArrays): SourceEntry {
  const { ids } = arrays;
  const n = ids.length;
  let maxId = 0;
  for (let i = 0; i < n; i += 1) if ((ids[i] ?? 0) > maxId) maxId = ids[i] ?? 0;
  if (scratch.length <= maxId) scratch = new Int32Array(Math.max(maxId + 1, scratch.length * 2));
  const counts = scratch;
  const distinct: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const id = ids[i] ?? 0;
    if (counts[id] === 0) distinct.push(id);
    counts[id] = (counts[id] ?? 0) + 1;
  }
  const words = Uint32Array.from(distinct).sort();
  const starts = new Uint32Array(words.length + 1);
  let at = 0;
  for (let k = 0; k < words.length; k += 1) {
    const id = words[k] ?? 0;
    starts[k] = at;
    at += counts[id] ?? 0;
    // From here the counter is the next free slot of this word's positions.
    counts[id] = starts[k] ?? 0;
  }
  starts[words.length] = n;
  const positions = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) {
    const id = ids[i] ?? 0;
    const slot = counts[id] ?? 0;
    positions[slot] = i;
    counts[id] = slot + 1;
  }
  for (let k = 0; k < words.length; k += 1) counts[words[k] ?? 0] = 0;
  return { ...arrays, words, starts, positions };
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
