/**
 * The one tokenizer of the search index (DESIGN §5), used for documents and queries on both databases:
 * runs of Unicode letters and digits, lower-cased, after NFC normalisation. Its tokens contain only
 * letters and digits, so FTS5's unicode61 and PostgreSQL's 'simple' parser keep each one whole.
 */

export interface Tokens {
  /** Normalised words, in order. */
  words: string[];
  /** Start of each word in the normalised text (UTF-16 code units). */
  offsets: number[];
  /** The text the offsets point into (NFC). */
  text: string;
}

/** Longest token kept; longer runs (base64 blobs, hashes) are cut so the vocabulary stays sane. */
export const MAX_TOKEN_LENGTH = 64;

// ASCII letters and digits by table; anything above 127 asks the Unicode regex (rare in legal text).
const ASCII_WORD = new Uint8Array(128);
for (let c = 48; c <= 57; c += 1) ASCII_WORD[c] = 1;
for (let c = 65; c <= 90; c += 1) ASCII_WORD[c] = 1;
for (let c = 97; c <= 122; c += 1) ASCII_WORD[c] = 1;
const UNICODE_WORD = /[\p{L}\p{N}]/u;

function isWordChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_WORD[code] === 1;
  if (code >= 0xd800 && code <= 0xdbff) return UNICODE_WORD.test(text.slice(i, i + 2));
  if (code >= 0xdc00 && code <= 0xdfff) return UNICODE_WORD.test(text.slice(i - 1, i + 1));
  return UNICODE_WORD.test(text[i] ?? '');
}

export function tokenize(input: string): Tokens {
  const text = input.normalize('NFC');
  // Lower-case once when that keeps every offset (almost always); else word by word.
  const lowered = text.toLowerCase();
  const sameLength = lowered.length === text.length;
  const words: string[] = [];
  const offsets: number[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    if (!isWordChar(text, i)) {
      i += 1;
      continue;
    }
    const start = i;
    while (i < length && isWordChar(text, i)) i += 1;
    const end = Math.min(i, start + MAX_TOKEN_LENGTH);
    words.push(sameLength ? lowered.slice(start, end) : text.slice(start, end).toLowerCase());
    offsets.push(start);
  }
  return { words, offsets, text };
}

/** The words of a query string, normalised exactly as documents are. */
export function queryWords(input: string): string[] {
  return tokenize(input).words;
}

/** Length of the token that starts at `offset` in `text` (for the end of a keyword-in-context hit). */
export function tokenLengthAt(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && isWordChar(text, i)) i += 1;
  return i - offset;
}

/**
 * A search box's text as clauses: each "quoted part" is a phrase, each other word a one-word clause.
 * A document matches when every clause occurs in it.
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
