import {
  conceptMessages as M,
  draftForDisplay,
  draftText,
  joinPhrases,
  normaliseHead,
  termsFromInput,
  type ConceptHeadInput,
  type DraftHead,
} from '@lexdesk/contract';

/** A head of the page's working set; `copiedFrom` is the source head when Copy Concept brought it in. */
export interface DraftEntry extends DraftHead {
  copiedFrom?: number;
}

/** What the entry fields hold when Add to Draft is pressed. */
export interface DraftFields {
  title: string;
  head: string;
  definition: string;
  terms: string;
  phrases: readonly string[];
}

export type DraftMode = 'create' | 'list' | 'head' | 'view';

export type DraftResult = { ok: true; heads: DraftEntry[] } | { ok: false; problem: string };

/**
 * Add to Draft (spec 03 §4): the head trimmed and upper-cased, whitespace in terms → ' | ', phrases joined.
 * In head mode the one head is replaced; otherwise a head already drafted is refused.
 */
export function addToDraft(heads: readonly DraftEntry[], fields: DraftFields, mode: DraftMode): DraftResult {
  if (mode !== 'head' && fields.title.trim() === '') return { ok: false, problem: M.titleRequiredToDraft };
  const head = normaliseHead(fields.head);
  if (head === '') return { ok: false, problem: M.headRequired };
  const entry: DraftEntry = {
    head,
    definition: fields.definition,
    terms: termsFromInput(fields.terms),
    phrases: joinPhrases(fields.phrases),
  };
  if (mode === 'head') return { ok: true, heads: [entry] };
  if (heads.some((drafted) => drafted.head === head)) return { ok: false, problem: M.headAlreadyDrafted };
  return { ok: true, heads: [...heads, entry] };
}

/**
 * Copied heads join the draft; one already drafted under that name is left as it is, and named in `skipped` so
 * the page can say so ('This concept head is already drafted.') instead of dropping it silently.
 */
export function addCopied(
  heads: readonly DraftEntry[],
  copied: readonly (DraftHead & { id: number })[],
): { heads: DraftEntry[]; skipped: string[] } {
  const names = new Set(heads.map((head) => head.head));
  const skipped: string[] = [];
  const added: DraftEntry[] = [];
  for (const { id, ...head } of copied) {
    const name = normaliseHead(head.head);
    if (names.has(name)) skipped.push(name);
    else {
      names.add(name);
      added.push({ ...head, head: name, copiedFrom: id });
    }
  }
  return { heads: [...heads, ...added], skipped };
}

/** The message for copied heads left out because the draft already has them, naming each. */
export const skippedCopyMessage = (skipped: readonly string[]) => `${skipped.join(', ')}: ${M.headAlreadyDrafted}`;

export const removeFromDraft = (heads: readonly DraftEntry[], head: string) =>
  heads.filter((drafted) => drafted.head !== head);

/** The draft area's text: one line per head, markup stripped (spec 03 §4). */
export const draftView = (heads: readonly DraftEntry[]) => draftForDisplay(draftText(heads));

/**
 * The save's split: heads written by the page go in the body; copied heads are made by the copy call, which
 * also brings their clauses, scope and rules. A draft of copied heads only sends them in the body (a list
 * needs one head), and their parts stay behind.
 */
export function splitForSave(heads: readonly DraftEntry[]): { concepts: ConceptHeadInput[]; copiedIds: number[] } {
  const own = heads.filter((head) => head.copiedFrom === undefined);
  const copied = heads.filter((head) => head.copiedFrom !== undefined);
  const toInput = ({ head, definition, terms, phrases }: DraftEntry) => ({ head, definition, terms, phrases });
  if (own.length === 0) return { concepts: copied.map(toInput), copiedIds: [] };
  return { concepts: own.map(toInput), copiedIds: copied.map((head) => head.copiedFrom as number) };
}

/** The page's check before a save (spec 03 §5), in the spec's order; null when it may be sent. */
export function saveProblem(
  mode: DraftMode,
  values: { title: string; organisations: readonly number[]; users: readonly number[]; heads: readonly DraftEntry[] },
): string | null {
  if (mode === 'head') return values.heads.length === 0 ? M.headRequired : null;
  if (values.organisations.length === 0) return M.selectOrganisation;
  if (values.users.length === 0) return M.selectUser;
  if (values.title.trim() === '') return M.nameRequired;
  if (values.heads.length === 0) return M.draftRequired;
  return null;
}
