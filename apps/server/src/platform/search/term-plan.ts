/**
 * How a term is counted (docs/analyser.md, "The engine and its counting rules"): most terms are words with
 * separators between them and are answered from the index (word ids and separator ids per position); a term
 * that starts or ends with a non-word character, has no word, or a word or separator too long for the
 * vocabulary is counted by scanning the stored text with the reference rule; a term with a line break
 * never matches (ripgrep reads a line at a time).
 */
import { MAX_TOKEN_LENGTH, tokenize } from './tokenizer.ts';
import { normaliseText } from './word-rules.ts';

/** Separators longer than this are stored as id 0 (never equal to a term's own separator). */
export const MAX_SEPARATOR_LENGTH = 64;

export type TermShape =
  { kind: 'none' } | { kind: 'scan'; term: string } | { kind: 'index'; words: string[]; separators: string[] };

export function termShape(term: string): TermShape {
  const text = normaliseText(term);
  if (text.length === 0 || text.includes('\n')) return { kind: 'none' };
  const { words, separators } = tokenize(text);
  const inner = separators.slice(1, -1);
  const indexable =
    words.length > 0 &&
    separators[0] === '' &&
    separators.at(-1) === '' &&
    words.every((word) => word.length < MAX_TOKEN_LENGTH) &&
    inner.every((separator) => separator.length <= MAX_SEPARATOR_LENGTH);
  return indexable ? { kind: 'index', words, separators: inner } : { kind: 'scan', term: text };
}

/** A term resolved against the vocabulary: word ids and the separator ids between them, or why not. */
export type TermPlan =
  { kind: 'none' } | { kind: 'scan'; term: string } | { kind: 'index'; words: number[]; separators: number[] };

/** Plans for `shapes`, given the vocabulary ids of their words and separators (a missing one: no match). */
export function resolvePlans(shapes: readonly TermShape[], vocabulary: ReadonlyMap<string, number>): TermPlan[] {
  return shapes.map((shape): TermPlan => {
    if (shape.kind !== 'index') return shape;
    const words = shape.words.map((word) => vocabulary.get(word));
    const separators = shape.separators.map((separator) => vocabulary.get(separator));
    if (words.includes(undefined) || separators.includes(undefined)) return { kind: 'none' };
    return { kind: 'index', words: words as number[], separators: separators as number[] };
  });
}

/** The strings a set of shapes needs ids for. */
export function vocabularyOf(shapes: readonly TermShape[]): string[] {
  const strings = new Set<string>();
  for (const shape of shapes) {
    if (shape.kind !== 'index') continue;
    for (const word of shape.words) strings.add(word);
    for (const separator of shape.separators) strings.add(separator);
  }
  return [...strings];
}

/** Whether a separator gets a vocabulary id (an empty or overlong one is stored as 0). */
export const isStoredSeparator = (separator: string) =>
  separator.length > 0 && separator.length <= MAX_SEPARATOR_LENGTH;
