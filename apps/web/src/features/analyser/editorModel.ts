import type { ConceptHead, ConceptListDetail } from '@lexdesk/contract';
import type { DraftEntry, DraftMode } from './draftSet.ts';

/** What the editor starts from: the query's mode and, when editing or viewing, the loaded list and head. */
export interface EditorStart {
  mode: DraftMode;
  list: ConceptListDetail | null;
  head: ConceptHead | null;
}

/** The page's mode from its query (spec 03 §2.1): isView wins, then conceptID, then conceptListID. */
export function modeOf(query: URLSearchParams): { mode: DraftMode; listId: number | null; headId: number | null } {
  const id = (name: string) => {
    const value = Number(query.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const headId = id('conceptID');
  const listId = id('conceptListID');
  const view = ['true', 'True', '1'].includes(query.get('isView') ?? '');
  if (view) return { mode: 'view', listId, headId };
  if (headId) return { mode: 'head', listId: null, headId };
  if (listId) return { mode: 'list', listId, headId: null };
  return { mode: 'create', listId: null, headId: null };
}

const entryOf = (head: ConceptHead): DraftEntry => ({
  head: head.head,
  definition: head.definition,
  terms: head.terms,
  phrases: head.phrases,
});

/** The editor's first values: a head edit starts with its one head in the draft and in the fields. */
export function initialValues({ mode, list, head }: EditorStart) {
  const heads = mode === 'head' && head ? [entryOf(head)] : (list?.heads ?? []).map(entryOf);
  const fields =
    mode === 'head' && head
      ? {
          head: head.head,
          definition: head.definition,
          terms: head.terms.split(' | ').join(' '),
          phrases: head.phrases ? head.phrases.split(' | ') : [],
        }
      : { head: '', definition: '', terms: '', phrases: [] as string[] };
  return {
    title: list?.concept_list ?? head?.concept_title ?? '',
    organisations: list?.organisation_id ?? [],
    users: list?.user_id ?? [],
    docTypeId: list?.concept_doc?.id ?? null,
    assignAll: list?.is_assigned_to_all ?? false,
    heads,
    fields,
  };
}
