import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';
import type { RedlineResult, RedlineSegment } from '@lexdesk/contract';
import { parsePool, type ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';

/**
 * The word-level redline of two texts with jsdiff (`diffWordsWithSpace`: every word, punctuation mark,
 * newline and run of spaces is a token, so the equal and deleted segments join to exactly the left text and
 * the equal and inserted ones to exactly the right text). Runs on a parsing worker (compareInWorker).
 */
export interface RedlineLimits {
  /** Most edits the whole-text word diff may explore (jsdiff's `maxEditLength`); past it, lines first. */
  maxEdits: number;
  /** Most edits when refining one changed block of the line diff word by word; past it the block stays whole. */
  blockMaxEdits: number;
  /** Longest the line diff may run, in ms (jsdiff's `timeout`); past it the texts are one delete and one insert. */
  timeoutMs: number;
  /** A deleted and an inserted block with the same words, at least this many, are shown as one move. */
  moveMinWords: number;
}

/** Measured on the contracts corpus: a failing word diff gives up in ~0.5 s, a line diff of 600 kB takes ~1 s. */
export const REDLINE_LIMITS: RedlineLimits = {
  maxEdits: 1_500,
  blockMaxEdits: 1_000,
  timeoutMs: 10_000,
  moveMinWords: 6,
};

type Change = ChangeObject<string>;

const kindOf = (change: Change): RedlineSegment['kind'] =>
  change.added ? 'insert' : change.removed ? 'delete' : 'equal';

/**
 * Word diff of the whole texts when they are close (the usual case: two versions of one contract). Texts far
 * apart make Myers' diff quadratic, so then lines are matched first and each changed block (removed lines
 * followed by added ones) is refined word by word when that stays within `blockMaxEdits`.
 */
function changesOf(
  left: string,
  right: string,
  limits: RedlineLimits,
): { changes: Change[]; granularity: 'word' | 'line' } {
  const words = diffWordsWithSpace(left, right, { maxEditLength: limits.maxEdits });
  if (words) return { changes: words, granularity: 'word' };
  const lines = diffLines(left, right, { timeout: limits.timeoutMs }) ?? [
    { value: left, removed: true, added: false, count: 1 },
    { value: right, removed: false, added: true, count: 1 },
  ];
  const changes: Change[] = [];
  let granularity: 'word' | 'line' = 'word';
  for (let i = 0; i < lines.length; i++) {
    const current = lines[i] as Change;
    const next = lines[i + 1];
    if (current.removed && next?.added) {
      const refined = diffWordsWithSpace(current.value, next.value, { maxEditLength: limits.blockMaxEdits });
      if (!refined) granularity = 'line';
      changes.push(...(refined ?? [current, next]));
      i++;
    } else changes.push(current);
  }
  return { changes, granularity };
}

/** Joins neighbours of the same kind (the fallback can leave them split) and drops empty ones. */
function merged(changes: readonly Change[]): RedlineSegment[] {
  const segments: RedlineSegment[] = [];
  for (const change of changes) {
    if (change.value === '') continue;
    const kind = kindOf(change);
    const last = segments[segments.length - 1];
    if (last && last.kind === kind) last.text += change.value;
    else segments.push({ kind, text: change.value });
  }
  return segments;
}

const wordsOf = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/**
 * Moves: a deleted block and an inserted block with the same words (spacing aside), at least `minWords`
 * long, are the same text moved; both get one `move` number. jsdiff itself reports no moves.
 */
function markMoves(segments: RedlineSegment[], minWords: number): number {
  const deleted = new Map<string, RedlineSegment[]>();
  for (const segment of segments) {
    if (segment.kind !== 'delete') continue;
    const words = wordsOf(segment.text);
    if (words.length < minWords) continue;
    const key = words.join(' ');
    deleted.set(key, [...(deleted.get(key) ?? []), segment]);
  }
  let moves = 0;
  for (const segment of segments) {
    if (segment.kind !== 'insert') continue;
    const candidates = deleted.get(wordsOf(segment.text).join(' '));
    const from = candidates?.shift();
    if (!from) continue;
    moves += 1;
    from.move = moves;
    segment.move = moves;
  }
  return moves;
}

/** The redline of `left` (the earlier text) against `right`: segments in reading order and their sums. */
export function redline(left: string, right: string, limits: RedlineLimits = REDLINE_LIMITS): RedlineResult {
  const { changes, granularity } = changesOf(left, right, limits);
  const segments = merged(changes);
  const moved_blocks = markMoves(segments, limits.moveMinWords);
  const count = (kind: RedlineSegment['kind']) =>
    segments.filter((segment) => segment.kind === kind).reduce((sum, s) => sum + wordsOf(s.text).length, 0);
  return {
    granularity,
    segments,
    stats: {
      equal_words: count('equal'),
      inserted_words: count('insert'),
      deleted_words: count('delete'),
      moved_blocks,
    },
  };
}

/** redline() on a parsing worker: a long comparison never holds up the thread that answers requests. */
export function redlineInWorker(
  limits: ParseLimits,
  who: WorkRequester,
  left: string,
  right: string,
): Promise<RedlineResult> {
  return parsePool(limits).run<RedlineResult>(who, new URL(import.meta.url), 'redline', [left, right]);
}
