import { conceptMessages } from './messages.ts';
import { TERM_SEPARATOR } from './limits.ts';

/** One head as drafted: upper-cased head, definition as HTML, terms and phrases joined with ' | '. */
export interface DraftHead {
  head: string;
  definition: string;
  terms: string;
  phrases: string;
}

/** The head as stored and shown: trimmed and upper-cased, inner whitespace kept to one space (spec 03 §4). */
export function normaliseHead(head: string): string {
  return head.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Terms typed in one box: whitespace (and any '|') between them becomes ' | ' (spec 03 §4). */
export function termsFromInput(input: string): string {
  return splitTerms(input.replace(/\s+/g, '|')).join(TERM_SEPARATOR);
}

/** The items of a ' | '-joined terms or phrases text, trimmed, blanks dropped. */
export function splitTerms(text: string): string[] {
  return text
    .split('|')
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .filter((item) => item !== '');
}

/** Phrases kept as entered, one item each, joined with ' | '. */
export function joinPhrases(phrases: readonly string[]): string {
  return phrases
    .map((phrase) => phrase.trim().replace(/\s+/g, ' ').replace(/\|/g, ' '))
    .filter((phrase) => phrase !== '')
    .join(TERM_SEPARATOR);
}

/**
 * A definition inside a draft line: on one line, and without ']->' so the line reads back unambiguously.
 * (Rich text keeps its markup; line breaks between tags carry no meaning in HTML.)
 */
function definitionForDraft(definition: string): string {
  return definition.replace(/\r?\n/g, ' ').replace(/\]->/g, ']-&gt;');
}

/** `HEAD[definition]->terms | phrases` (spec 03 §3). */
export function draftLine(head: DraftHead): string {
  const words = [...splitTerms(head.terms), ...splitTerms(head.phrases)].join(TERM_SEPARATOR);
  return `${normaliseHead(head.head)}[${definitionForDraft(head.definition)}]->${words}`;
}

/** The whole draft: one line per head. */
export function draftText(heads: readonly DraftHead[]): string {
  return heads.map(draftLine).join('\n');
}

/** The draft as shown to the user: markup stripped (spec 03 §4), entities of the stripped text decoded. */
export function draftForDisplay(draft: string): string {
  return draft
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export type DraftParse = { ok: true; heads: DraftHead[] } | { ok: false; problem: string };

/**
 * Reads a draft back into heads. An item with a space is a phrase, one without is a term: terms are
 * single words (whitespace in the terms box splits them), so the line is unambiguous.
 */
export function parseDraft(draft: string): DraftParse {
  const heads: DraftHead[] = [];
  const lines = draft.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const open = line.indexOf('[');
    const close = line.lastIndexOf(']->');
    if (open <= 0 || close < open) return { ok: false, problem: conceptMessages.draftLine(index + 1) };
    const head = normaliseHead(line.slice(0, open));
    if (head === '') return { ok: false, problem: conceptMessages.draftLine(index + 1) };
    const items = splitTerms(line.slice(close + 3));
    heads.push({
      head,
      definition: line.slice(open + 1, close).replace(/\]-&gt;/g, ']->'),
      terms: items.filter((item) => !item.includes(' ')).join(TERM_SEPARATOR),
      phrases: items.filter((item) => item.includes(' ')).join(TERM_SEPARATOR),
    });
  }
  return { ok: true, heads };
}

/** The heads named more than once (after normalising), for 'This concept head is already drafted.'. */
export function duplicateHeads(heads: readonly { head: string }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { head } of heads) {
    const key = normaliseHead(head);
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return [...repeated];
}
