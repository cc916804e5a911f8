/**
 * The one tokenizer of the search index (DESIGN §5), used for documents and queries on both databases:
 * maximal runs of word characters (ripgrep's `\w`, word-rules.ts) after NFC normalisation, case-folded. The
 * separators between the words are kept too, so a phrase matches only where the text between its words is
 * the phrase's own (as `rg -F` does). Tokens never hold a space, so FTS5's unicode61 and PostgreSQL's
 * 'simple' parser read the joined words back consistently for documents and queries alike.
 */
import { BMP_WORD_TABLE, foldCase, isWordAt, normaliseText } from './word-rules.ts';

export interface Tokens {
  /** Case-folded words, in order. */
  words: string[];
  /** Start of each word in the normalised text (UTF-16 code units). */
  offsets: number[];
  /** End (exclusive) of each word in the normalised text. */
  ends: number[];
  /**
   * Case-folded separators: separators[0] is the text before the first word, separators[i + 1] the text
   * after words[i] (so the last is the text after the last word); one more than the words.
   */
  separators: string[];
  /** The text the offsets point into (NFC, well formed). */
  text: string;
}

/**
 * Longest word kept in the vocabulary; longer runs (base64 blobs, hashes) are cut so the vocabulary's unique
 * index stays within PostgreSQL's limits. A query word this long is counted by scanning the text instead.
 */
export const MAX_TOKEN_LENGTH = 200;

/** One-character separators (most of them: a space, a comma) are shared strings, not new ones. */
const SINGLE = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

export function tokenize(input: string): Tokens {
  const text = normaliseText(input);
  const folded = foldCase(text);
  const words: string[] = [];
  const offsets: number[] = [];
  const ends: number[] = [];
  const separators: string[] = [];
  const length = text.length;
  const table = BMP_WORD_TABLE;
  const wordAt = (i: number) => {
    const code = text.charCodeAt(i);
    return code < 0xd800 || code > 0xdfff ? table[code] === 1 : isWordAt(text, i);
  };
  let i = 0;
  let separatorStart = 0;
  while (i < length) {
    if (!wordAt(i)) {
      i += 1;
      continue;
    }
    const start = i;
    i += 1;
    while (i < length && wordAt(i)) i += 1;
    separators.push(
      start - separatorStart === 1 && folded.charCodeAt(separatorStart) < 128
        ? (SINGLE[folded.charCodeAt(separatorStart)] as string)
        : folded.slice(separatorStart, start),
    );
    words.push(folded.slice(start, Math.min(i, start + MAX_TOKEN_LENGTH)));
    offsets.push(start);
    ends.push(i);
    separatorStart = i;
  }
  separators.push(folded.slice(separatorStart));
  return { words, offsets, ends, separators, text };
}

/** The words of a query string, normalised exactly as documents are. */
export function queryWords(input: string): string[] {
  return tokenize(input).words;
}

/** Length of the token that starts at `offset` in `text` (for the end of a keyword-in-context hit). */
export function tokenLengthAt(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && isWordAt(text, i)) i += 1;
  return i - offset;
}

/**
 * A search box's text as clauses: each "quoted part" is a phrase, each other word a one-word clause.
 * A document matches when every clause occurs in it (the search box ignores separators).
 */
export function parseSearchText(input: string): string[][] {
  const clauses: string[][] = [];
  const quoted = /"([^"]*)"/g;
  let rest = input;
  for (const match of input.matchAll(quoted)) {
    const words = queryWords(match[1] ?? '');
    if (words.length > 0) clauses.push(words);
    rest = rest.replace(match[0], ' ');
  }
  for (const word of queryWords(rest.replace(/"/g, ' '))) clauses.push([word]);
  return clauses;
}
