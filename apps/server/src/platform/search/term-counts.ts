/**
 * Exact counts of many terms and phrases in one pass over a word array (the document analyser counts
 * hundreds of concept terms per document): the phrases, as word ids, form a trie, and each position of
 * the array walks it only as far as the words keep matching.
 */

interface TrieNode {
  next: Map<number, TrieNode>;
  /** Indexes of the phrases that end here (two terms that normalise alike share a node). */
  ends: number[];
}

export interface PhraseMatcher {
  /** How many phrases were given (the length of every counts array). */
  size: number;
  root: TrieNode;
}

const newNode = (): TrieNode => ({ next: new Map(), ends: [] });

/** A matcher for `phrases` (word ids); a null or empty phrase never matches and counts 0. */
export function phraseMatcher(phrases: readonly (readonly number[] | null)[]): PhraseMatcher {
  const root = newNode();
  phrases.forEach((phrase, index) => {
    if (!phrase || phrase.length === 0) return;
    let node = root;
    for (const id of phrase) {
      let child = node.next.get(id);
      if (!child) {
        child = newNode();
        node.next.set(id, child);
      }
      node = child;
    }
    node.ends.push(index);
  });
  return { size: phrases.length, root };
}

/**
 * Occurrences of each phrase of `matcher` in `ids`, by phrase index. Like countPhrase, every start
 * position counts, so overlapping occurrences of a repeated word count each.
 */
export function countPhrases(ids: Uint32Array, matcher: PhraseMatcher): number[] {
  const counts: number[] = new Array<number>(matcher.size).fill(0);
  const { root } = matcher;
  const length = ids.length;
  for (let i = 0; i < length; i += 1) {
    let node = root.next.get(ids[i] ?? 0);
    let j = i + 1;
    while (node) {
      for (const index of node.ends) counts[index] = (counts[index] ?? 0) + 1;
      if (j >= length || node.next.size === 0) break;
      node = node.next.get(ids[j] ?? 0);
      j += 1;
    }
  }
  return counts;
}
