import {
  playbookBody,
  type PlaybookDetail,
  type PlaybookImportance,
  type PlaybookInput,
  type PlaybookType,
} from '@lexdesk/contract';

/**
 * The playbook editor's model (docs/playbooks.md "What a playbook holds"): the draft as the page holds it, with a
 * local key on every row so React keeps each editor in place while rows are added, removed and reordered.
 */
export interface DraftFallback {
  key: string;
  position: string;
  guidance: string;
  approver: string;
}
export interface DraftUnacceptable {
  key: string;
  text: string;
}
export interface DraftEntry {
  key: string;
  topic: string;
  category_id: number | null;
  importance: PlaybookImportance;
  standard_position: string;
  fallbacks: DraftFallback[];
  unacceptable: DraftUnacceptable[];
  model_language: string;
  concept_head_ids: number[];
}
export interface PlaybookDraft {
  name: string;
  /** '' until a type is chosen (the contract then answers 'Please select Playbook type'). */
  playbook_type: PlaybookType | '';
  description: string;
  category_ids: number[];
  entries: DraftEntry[];
}

let counter = 0;
const nextKey = () => `k${++counter}`;

export const emptyDraft = (): PlaybookDraft => ({
  name: '',
  playbook_type: '',
  description: '',
  category_ids: [],
  entries: [],
});

export const newFallback = (): DraftFallback => ({ key: nextKey(), position: '', guidance: '', approver: '' });
export const newUnacceptable = (): DraftUnacceptable => ({ key: nextKey(), text: '' });
export const newEntry = (): DraftEntry => ({
  key: nextKey(),
  topic: '',
  category_id: null,
  importance: 'medium',
  standard_position: '',
  fallbacks: [],
  unacceptable: [],
  model_language: '',
  concept_head_ids: [],
});

/** The editor's starting draft from a saved playbook. */
export function draftFromDetail(detail: PlaybookDetail): PlaybookDraft {
  return {
    name: detail.name,
    playbook_type: detail.playbook_type,
    description: detail.description,
    category_ids: detail.categories.map((category) => category.id),
    entries: detail.entries.map((entry) => ({
      key: nextKey(),
      topic: entry.topic,
      category_id: entry.category_id,
      importance: entry.importance,
      standard_position: entry.standard_position,
      fallbacks: entry.fallbacks.map((fallback) => ({ key: nextKey(), ...fallback })),
      unacceptable: entry.unacceptable.map((text) => ({ key: nextKey(), text })),
      model_language: entry.model_language,
      concept_head_ids: entry.concept_head_ids,
    })),
  };
}

/** What POST playbook/ and PUT playbook/{id}/ take: the draft without the local keys. */
export function inputOf(draft: PlaybookDraft): PlaybookInput {
  return {
    name: draft.name,
    // An unchosen type is left out, so the contract's own message names it.
    playbook_type: (draft.playbook_type || undefined) as PlaybookType,
    description: draft.description,
    category_ids: draft.category_ids,
    entries: draft.entries.map((entry) => ({
      topic: entry.topic,
      category_id:
        entry.category_id !== null && draft.category_ids.includes(entry.category_id) ? entry.category_id : null,
      importance: entry.importance,
      standard_position: entry.standard_position,
      fallbacks: entry.fallbacks.map(({ position, guidance, approver }) => ({ position, guidance, approver })),
      unacceptable: entry.unacceptable.map((item) => item.text),
      model_language: entry.model_language,
      concept_head_ids: entry.concept_head_ids,
    })),
  };
}

/**
 * The contract's own messages, one per field, keyed by the field's path ('name', 'entries.0.topic',
 * 'entries.0.fallbacks.1.position'); an array's own limit is keyed by the array ('entries').
 */
export function draftErrors(draft: PlaybookDraft): Record<string, string> {
  const parsed = playbookBody.safeParse(inputOf(draft));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The entries (by index) that hold an error, so the editor opens them. */
export function entriesWithErrors(errors: Record<string, string>): Set<number> {
  const indexes = new Set<number>();
  for (const key of Object.keys(errors)) {
    const match = /^entries\.(\d+)\./.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return indexes;
}

/** The list with the item at `index` moved by `delta` places (unchanged at either end). */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);
export const replaceAt = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((current, i) => (i === index ? item : current));

/** The playbook's categories changed: entries whose category left the playbook lose it. */
export function withCategories(draft: PlaybookDraft, categoryIds: number[]): PlaybookDraft {
  return {
    ...draft,
    category_ids: categoryIds,
    entries: draft.entries.map((entry) =>
      entry.category_id !== null && !categoryIds.includes(entry.category_id) ? { ...entry, category_id: null } : entry,
    ),
  };
}
