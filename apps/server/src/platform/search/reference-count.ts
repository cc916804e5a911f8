/**
 * The counting rule as a plain scan of the text: what `rg -o -i -w -F 'term'` (ripgrep 13) reports. The
 * engine answers from its index and uses this only for terms the index cannot hold (no word at all, a word
 * past MAX_TOKEN_LENGTH, a separator past MAX_SEPARATOR_LENGTH); the tests hold the engine to it.
 *
 * ripgrep's -w wraps the literal as `(?:^|\W)(term)(?:$|\W)` and resumes after `term`: a hit needs a line
 * start or a non-word character before it that no earlier hit used, and a line end or a non-word character
 * after it. Hits never overlap and never span a line break.
 */
import { foldCase, isWordAt, normaliseText } from './word-rules.ts';

export interface Hit {
  start: number;
  end: number;
}

/** The hits of `term` in `text` (the stored, normalised text), in order. */
export function referenceHits(text: string, term: string): Hit[] {
  const needle = foldCase(normaliseText(term));
  const hits: Hit[] = [];
  if (needle.length === 0 || needle.includes('\n')) return hits;
  const haystack = foldCase(text);
  let lastEnd = 0;
  let from = 0;
  for (;;) {
    const p = haystack.indexOf(needle, from);
    if (p < 0) return hits;
    const end = p + needle.length;
    const lineStart = p === 0 || text.charCodeAt(p - 1) === 10;
    const before = lineStart || (p - 1 >= lastEnd && !isWordAt(text, p - 1));
    const after = end === text.length || !isWordAt(text, end);
    if (before && after) {
      hits.push({ start: p, end });
      lastEnd = end;
      from = end;
    } else {
      from = p + 1;
    }
  }
}

export function referenceCount(text: string, term: string): number {
  return referenceHits(text, term).length;
}
